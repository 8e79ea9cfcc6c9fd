// @vitest-environment happy-dom
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import ar from '../../../locales/ar.json';
import { PART_NAMESPACES, partStrings } from '../../../scripts/firstPaintStrings.mjs';
import type * as I18n from '../../../src/widget/i18n';
import type { MessageKey } from '../../../src/widget/i18n';

// Each lazy part's English strings travel with its chunk, not with the rest every open fetches
// (scripts/firstPaintStrings.mjs `PART_NAMESPACES`); other locales arrive whole.

type Part = keyof typeof PART_NAMESPACES;
interface Chunk {
  load(): Promise<unknown>;
}

/** The chunk that carries each part's strings (the form checks': either chunk that shares them). */
const CHUNKS: Record<Part, () => Promise<Chunk>> = {
  emojiPicker: () => import('../../../src/widget/chunks/emojiPicker').then((m) => m.emojiPickerChunk),
  preChat: () => import('../../../src/widget/chunks/preChat').then((m) => m.preChatChunk),
  conversationEnd: () => import('../../../src/widget/chunks/conversationEnd').then((m) => m.conversationEndChunk),
  consent: () => import('../../../src/widget/chunks/consent').then((m) => m.consentChunk),
  formRules: () => import('../../../src/widget/chunks/interactive').then((m) => m.interactiveChunk),
  interactive: () => import('../../../src/widget/chunks/interactive').then((m) => m.interactiveChunk),
  attachments: () => import('../../../src/widget/chunks/attachments').then((m) => m.attachmentsChunk),
  helpCentre: () => import('../../../src/widget/chunks/helpCentre').then((m) => m.helpCentreChunk),
  prompts: () => import('../../../src/widget/chunks/prompts').then((m) => m.promptsChunk),
};

const parts = Object.keys(PART_NAMESPACES) as Part[];
const keysOf = (part: Part) => Object.keys(partStrings(en, part)) as MessageKey[];

/** The widget's strings and a part's chunk as a page that has loaded neither has them. */
async function fresh(part: Part): Promise<{ i18n: typeof I18n; chunk: Chunk }> {
  vi.resetModules();
  return { i18n: await import('../../../src/widget/i18n'), chunk: await CHUNKS[part]() };
}

describe("the lazy parts' own strings", () => {
  it('has a chunk for every part', () => {
    expect(Object.keys(CHUNKS).sort()).toEqual([...parts].sort());
  });

  it.each(parts)('%s: missing from the rest of English, and there in English once its chunk has run', async (part) => {
    const { i18n, chunk } = await fresh(part);
    await i18n.loadAllStrings();
    const keys = keysOf(part);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(i18n.t(key), key).toBe(key);
    await chunk.load();
    for (const key of keys) expect(i18n.t(key), key).toBe(en[key]);
  });

  it.each(parts)('%s: in another language, whole, from its locale file (left to right and right to left)', async (part) => {
    const { i18n, chunk } = await fresh(part);
    await chunk.load();
    for (const [locale, strings] of [
      ['de', de],
      ['ar', ar],
    ] as const) {
      await i18n.setLocale(locale);
      for (const key of keysOf(part)) expect(i18n.t(key), `${locale} ${key}`).toBe(strings[key as keyof typeof strings]);
    }
    await i18n.setLocale('en');
    for (const key of keysOf(part)) expect(i18n.t(key), key).toBe(en[key]);
  });
});
