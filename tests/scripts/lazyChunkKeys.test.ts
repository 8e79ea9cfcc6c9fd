import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { checkLazyChunkKeys, chunkShares, firstPaintStringsPlugin } from '../../scripts/firstPaintStrings.mjs';

/**
 * A widget in miniature, built with the strings' plugin as the real one is: the first paint's
 * share in the entry, the rest lazily, and lazy parts (their names and namespaces are the real
 * ones, scripts/firstPaintStrings.mjs `PART_NAMESPACES`) that carry their own.
 */
const STRINGS = {
  CHAT_WITH_US: 'Chat with us',
  'MESSAGE.LIST': 'Conversation',
  'PORTAL.ARTICLE': 'Article',
  'CSAT.TITLE': 'Rate your conversation',
  'SERVER.EMAIL_COLLECT': 'Get notified by email',
};

const FILES: Record<string, string> = {
  'src/main.ts': `import first from './strings.json?first-paint';
    const lazy = () => [import('./strings.json?rest'), import('./conversation'), import('./helpCentre'), import('./articles')];
    export { first, lazy };`,
  'src/conversation.ts': `export const list = "MESSAGE.LIST";`,
  // The help centre's words, added by a module two lazy parts share: both import it statically.
  'src/helpWords.ts': `import english from './strings.json?helpCentre'; export const words = english;`,
  'src/helpCentre.ts': `import { words } from './helpWords'; export const title = [words, 'PORTAL.ARTICLE'];`,
  'src/articles.ts': `import { words } from './helpWords'; export const article = [words, "PORTAL.ARTICLE"];`,
  'src/strings.json': JSON.stringify(STRINGS),
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wren-chunk-keys-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Builds the miniature (with `more` files) and checks its chunks as build.mjs checks the widget's. */
async function buildAndCheck(more: Record<string, string> = {}) {
  for (const [path, text] of Object.entries(more)) writeFileSync(join(dir, path), text);
  const { metafile, outputFiles } = await build({
    absWorkingDir: dir,
    entryPoints: ['src/main.ts'],
    outdir: 'out',
    bundle: true,
    splitting: true,
    format: 'esm',
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [firstPaintStringsPlugin()],
  });
  const code = new Map(outputFiles.map((file) => [relative(dir, file.path), file.text]));
  const chunks = chunkShares(metafile).map(({ file, parts }) => ({
    file,
    code: code.get(file) ?? '',
    parts,
    carries: Object.keys(metafile.outputs[file].inputs).some((input) => input.startsWith('helpCentre-strings:')),
  }));
  checkLazyChunkKeys(chunks, Object.keys(STRINGS));
  return chunks;
}

describe("the build's check of the lazy chunks' strings", () => {
  it("passes a build whose chunks name the rest's strings and those of the parts they carry, through a chunk they import too", async () => {
    const chunks = await buildAndCheck();
    const helpCentre = chunks.find(({ code }) => code.includes("'PORTAL.ARTICLE'") || code.includes('"PORTAL.ARTICLE"'));
    expect(helpCentre?.parts).toEqual(new Set(['helpCentre']));
    // The share is in the chunk the two parts share, which each imports.
    expect(helpCentre?.carries).toBe(false);
  });

  it("fails one whose chunk names a lazy part's string without its share, saying which and where it belongs", async () => {
    const stray = buildAndCheck({
      'src/conversation.ts': `export const list = ["MESSAGE.LIST", "CSAT.TITLE"];`,
    });
    await expect(stray).rejects.toThrow(
      /conversation-[\w]+\.js names CSAT\.TITLE, strings of the lazy part "interactive", without its share \(locales\/en\.json\?interactive\)/,
    );
    await expect(stray).rejects.toThrow(/take the key out of its chunk's `strings` in src\/widget\/chunks\/plan\.ts/);
  });

  it('fails one whose chunk names a string the widget never carries', async () => {
    await expect(buildAndCheck({ 'src/conversation.ts': `export const note = 'SERVER.EMAIL_COLLECT';` })).rejects.toThrow(
      /SERVER\.EMAIL_COLLECT, which the widget never carries/,
    );
  });

  it("fails one that imports a share no part has, which brings the whole file: every part's strings without their shares", async () => {
    await expect(
      buildAndCheck({ 'src/conversation.ts': `import all from './strings.json?transcript'; export const list = all;` }),
    ).rejects.toThrow(/CSAT\.TITLE/);
  });
});
