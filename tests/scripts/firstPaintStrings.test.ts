import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import en from '../../locales/en.json';
import {
  checkFirstPaintKeys,
  firstPaintStrings,
  isFirstPaintKey,
  isWidgetKey,
  PART_NAMESPACES,
  partStrings,
  restStrings,
  SHARE_QUERY,
} from '../../scripts/firstPaintStrings.mjs';

describe('the first paint’s share of the strings', () => {
  it('keeps keys without a namespace and those of the header and availability', () => {
    expect(isFirstPaintKey('CHAT_WITH_US')).toBe(true);
    expect(isFirstPaintKey('HEADER.CLOSE')).toBe(true);
    expect(isFirstPaintKey('TEAM_AVAILABILITY.ONLINE')).toBe(true);
    expect(isFirstPaintKey('REPLY_TIME.BACK_IN')).toBe(true);
    expect(isFirstPaintKey('CONNECTION.LOST')).toBe(true);
  });

  it('leaves out every feature namespace', () => {
    for (const key of ['MESSAGE.FAILED', 'EMOJI.SEARCH', 'CSAT.TITLE', 'PORTAL.POPULAR_ARTICLES', 'ATTACHMENT.ADD']) {
      expect(isFirstPaintKey(key)).toBe(false);
    }
  });

  it('is a subset of English in its order, and leaves most of it out', () => {
    const subset = firstPaintStrings(en);
    const keys = Object.keys(en);
    expect(Object.keys(subset)).toEqual(keys.filter(isFirstPaintKey));
    expect(Object.keys(subset).length).toBeLessThan(keys.length / 2);
  });

  it('leaves the first paint’s strings out of the rest, which with them and the lazy parts’ own makes every string the widget shows', () => {
    const rest = restStrings(en);
    expect(Object.keys(rest).filter(isFirstPaintKey)).toEqual([]);
    const widgetStrings = Object.fromEntries(Object.entries(en).filter(([key]) => isWidgetKey(key)));
    const parts = Object.keys(PART_NAMESPACES).map((part) => partStrings(en, part));
    expect(Object.assign({ ...firstPaintStrings(en), ...rest }, ...parts)).toEqual(widgetStrings);
  });

  it("has each lazy part's share imported by one module, which adds it as its chunk runs", async () => {
    const sources = await Promise.all(
      (await readdir('src/widget', { recursive: true }))
        .filter((file) => /\.tsx?$/.test(file))
        .map(async (file) => ({ file, code: await readFile(join('src/widget', file), 'utf8') })),
    );
    for (const part of Object.keys(PART_NAMESPACES)) {
      const importing = sources.filter(({ code }) => code.includes(`en.json?${part}'`));
      expect(
        importing.map(({ file }) => file),
        part,
      ).toHaveLength(1);
      expect(importing[0].code, part).toMatch(/addEnglish\(/);
    }
  });

  it('lists for each part namespaces and keys of English, each in one part only', () => {
    const keys = Object.keys(en);
    const entries = Object.values(PART_NAMESPACES).flat();
    expect(new Set(entries).size).toBe(entries.length);
    for (const entry of entries) {
      const named = entry.includes('.') ? keys.includes(entry) : keys.some((key) => key.startsWith(`${entry}.`));
      expect(named, entry).toBe(true);
    }
    for (const key of keys) expect(Object.keys(PART_NAMESPACES).filter((part) => key in partStrings(en, part)).length, key).toBeLessThan(2);
  });

  it('leaves to the rest only what the conversation view shows, and to each lazy part what it alone shows', () => {
    const rest = restStrings(en);
    // Only bots' messages, a picked file's checks, the help centre, the prompts, the end of a conversation, forms' checks show these.
    const moved = {
      interactive: ['CSAT.TITLE', 'CSAT.RATING_5', 'VIDEO_CALL.JOIN', 'FORM.SUBMIT', 'FORM.EMAIL_PLACEHOLDER', 'MESSAGE.CARDS'],
      attachments: ['ATTACHMENT.TOO_LARGE', 'ATTACHMENT.TYPE_REFUSED'],
      helpCentre: ['PORTAL.POPULAR_ARTICLES', 'PORTAL.ARTICLE'],
      prompts: ['UNREAD.COUNT', 'CAMPAIGN.DISMISS'],
      formRules: ['FORM.BETWEEN', 'FORM.URL', 'FORM.FALLBACK'],
      conversationEnd: ['END_CONVERSATION.CONFIRM_TITLE', 'CONVERSATION.RESOLVED', 'TRANSCRIPT.REQUEST'],
    };
    for (const [part, keys] of Object.entries(moved)) {
      for (const key of keys) {
        expect(rest[key], key).toBeUndefined();
        expect(partStrings(en, part)[key], key).toBe(en[key as keyof typeof en]);
      }
    }
    // Their namespaces' other keys are the conversation view's, or more than one part's.
    for (const key of [
      'ATTACHMENT.ADD',
      'ATTACHMENT.IMAGE',
      'VIDEO_CALL.ERROR',
      'CAMPAIGN.NOT_STARTED',
      'FORM.INVALID_EMAIL',
      'FORM.INVALID',
      'MESSAGE.FAILED',
    ]) {
      expect(rest[key], key).toBe(en[key as keyof typeof en]);
    }
    // The header's "End conversation" is the first paint's, not the confirmation's.
    expect(partStrings(en, 'conversationEnd')).not.toHaveProperty('END_CONVERSATION');
  });

  it('gives the emoji picker its own strings, which the rest (fetched with every open) leaves out', () => {
    const picker = partStrings(en, 'emojiPicker');
    expect(Object.keys(picker)).toContain('EMOJI.SMILEYS');
    expect(Object.keys(picker).every((key) => key.startsWith('EMOJI.'))).toBe(true);
    expect(Object.keys(restStrings(en)).filter((key) => key.startsWith('EMOJI.'))).toEqual([]);
    // The composer's button, outside the picker, is named by a string of the rest.
    expect(restStrings(en)['COMPOSER.EMOJI']).toBe('Insert emoji');
    expect(SHARE_QUERY.test('locales/en.json?emojiPicker')).toBe(true);
  });

  it("leaves out the server's and the loader's strings, which the widget never shows", () => {
    expect(isWidgetKey('SERVER.EMAIL_COLLECT')).toBe(false);
    expect(isWidgetKey('LAUNCHER.UNAVAILABLE')).toBe(false);
    expect(isWidgetKey('HEADER.CLOSE')).toBe(true);
    expect(Object.keys(restStrings(en)).some((key) => key.startsWith('LAUNCHER.'))).toBe(false);
  });

  it('fails a build whose first paint names a string it does not carry', () => {
    const keys = Object.keys(en);
    expect(() => checkFirstPaintKeys(['t("HEADER.BACK");t("CHAT_WITH_US")'], keys)).not.toThrow();
    expect(() => checkFirstPaintKeys(['x("HEADER.BACK")', "y('MESSAGE.FAILED')"], keys)).toThrow(/MESSAGE\.FAILED/);
  });
});
