// @vitest-environment happy-dom
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import ar from '../../../locales/ar.json';
import { PART_NAMESPACES, partStrings } from '../../../scripts/firstPaintStrings.mjs';
import { attachmentsChunk } from '../../../src/widget/chunks/attachments';
import { consentChunk } from '../../../src/widget/chunks/consent';
import { conversationEndChunk } from '../../../src/widget/chunks/conversationEnd';
import { emojiPickerChunk } from '../../../src/widget/chunks/emojiPicker';
import { helpCentreChunk } from '../../../src/widget/chunks/helpCentre';
import { interactiveChunk } from '../../../src/widget/chunks/interactive';
import { preChatChunk } from '../../../src/widget/chunks/preChat';
import { promptsChunk } from '../../../src/widget/chunks/prompts';
import { loadAllStrings, setLocale, t, type MessageKey } from '../../../src/widget/i18n';

// Each lazy part's English strings travel with its chunk, not with the rest every open fetches
// (scripts/firstPaintStrings.mjs `PART_NAMESPACES`); other locales arrive whole.

/** The chunk that carries each part's strings. */
const CHUNKS: Record<keyof typeof PART_NAMESPACES, { load(): Promise<unknown> }> = {
  'emoji-picker': emojiPickerChunk,
  'pre-chat': preChatChunk,
  'conversation-end': conversationEndChunk,
  consent: consentChunk,
  interactive: interactiveChunk,
  attachments: attachmentsChunk,
  'help-centre': helpCentreChunk,
  prompts: promptsChunk,
};

const parts = Object.keys(PART_NAMESPACES) as (keyof typeof PART_NAMESPACES)[];
const keysOf = (part: keyof typeof PART_NAMESPACES) => Object.keys(partStrings(en, part)) as MessageKey[];

describe("the lazy parts' own strings", () => {
  afterAll(() => setLocale('en'));

  it('has a chunk for every part', () => {
    expect(Object.keys(CHUNKS).sort()).toEqual([...parts].sort());
  });

  it.each(parts)('%s: missing from the rest of English, and there in English once its chunk has run', async (part) => {
    await loadAllStrings();
    const keys = keysOf(part);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(t(key), key).toBe(key);
    await CHUNKS[part].load();
    for (const key of keys) expect(t(key), key).toBe(en[key]);
  });

  it.each(parts)('%s: in another language, whole, from its locale file (left to right and right to left)', async (part) => {
    await CHUNKS[part].load();
    for (const [locale, strings] of [
      ['de', de],
      ['ar', ar],
    ] as const) {
      await setLocale(locale);
      for (const key of keysOf(part)) expect(t(key), `${locale} ${key}`).toBe(strings[key as keyof typeof strings]);
    }
    await setLocale('en');
    for (const key of keysOf(part)) expect(t(key), key).toBe(en[key]);
  });
});
