import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import en from '../../locales/en.json';
import { EXPECTED_LOCALES } from '../../scripts/checkLocales.mjs';
import {
  LAUNCHER_KEYS,
  launcherStrings,
  NOTICE_KEYS,
  noticeWords,
  writeLauncherStrings,
  writeNoticeWords,
} from '../../scripts/launcherStrings.mjs';

const LOCALES_DIR = new URL('../../locales/', import.meta.url).pathname;

describe("the loader's strings", () => {
  it('are locale keys that exist, by the names the runtime uses', () => {
    for (const key of Object.values(LAUNCHER_KEYS)) expect(en).toHaveProperty([key]);
    expect(launcherStrings(en)).toEqual({
      label: 'Chat with us',
      open: 'Open chat window',
      close: 'Close chat window',
      frame: 'Chat window',
    });
  });

  it("and the notice's words, a share of their own", () => {
    for (const key of Object.values(NOTICE_KEYS)) expect(en).toHaveProperty([key]);
    expect(noticeWords(en)).toEqual({
      heading: 'Chat unavailable',
      unreachable: "The chat server isn't answering. Trying again…",
      refused: "The chat can't open on this page. Please try again later.",
      waiting: 'These messages will be sent once the chat is back:',
      file: 'File ({size})',
    });
  });

  describe('as files', () => {
    let packs: string;
    beforeEach(async () => {
      packs = await mkdtemp(join(tmpdir(), 'wren-launcher-'));
    });
    afterEach(() => rm(packs, { recursive: true, force: true }));

    it('are one module per locale under one shared hash, each translated in full', async () => {
      const others = EXPECTED_LOCALES.filter((locale) => locale !== 'en');
      const hash = await writeLauncherStrings(LOCALES_DIR, packs, others);
      expect(hash).toMatch(/^[A-Z0-9]{8}$/);
      const files = (await readdir(join(packs, 'js/launcher'))).sort();
      expect(files).toEqual(others.map((locale) => `${locale}-${hash}.js`).sort());
      const arabic = await readFile(join(packs, `js/launcher/ar-${hash}.js`), 'utf8');
      const strings = JSON.parse(arabic.replace(/^export default /, '').replace(/;\n$/, ''));
      expect(strings.frame).toBe('نافذة المحادثة');
      expect(Object.keys(strings)).toEqual(Object.keys(LAUNCHER_KEYS));
      // The same strings give the same names, so a build leaves the runtime's cache alone.
      expect(await writeLauncherStrings(LOCALES_DIR, packs, others)).toBe(hash);
    });

    it("the notice's words too, under a hash of their own", async () => {
      const hash = await writeNoticeWords(LOCALES_DIR, packs, ['ar', 'de']);
      const arabic = await readFile(join(packs, `js/notice/ar-${hash}.js`), 'utf8');
      const words = JSON.parse(arabic.replace(/^export default /, '').replace(/;\n$/, ''));
      expect(words.heading).toBe('المحادثة غير متاحة');
      expect(Object.keys(words)).toEqual(Object.keys(NOTICE_KEYS));
    });

    it('change their shared hash with any string', async () => {
      const a = await writeLauncherStrings(LOCALES_DIR, packs, ['de', 'fr']);
      const b = await writeLauncherStrings(LOCALES_DIR, packs, ['de', 'it']);
      expect(a).not.toBe(b);
    });
  });
});
