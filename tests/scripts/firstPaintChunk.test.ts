import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { build, type Metafile } from 'esbuild';
// @ts-expect-error the build script is plain JavaScript without types
import { firstPaintChunkPlugin, servedEntry } from '../../scripts/firstPaintChunk.mjs';
import { firstPaintStringsPlugin } from '../../scripts/firstPaintStrings.mjs';

/**
 * A widget in miniature: an entry using two libraries, and lazy parts that share them in
 * different combinations, as the real one does (esbuild then splits the first paint apart).
 */
const FILES: Record<string, string> = {
  'src/widget/main.ts': `import { a } from './a'; import { b } from './b'; import en from './en.json';
    const run = () => [a, b, en.hi, import('./lazyA'), import('./lazyB'), import('./lazyAB'), import('./de.json')];
    run();`,
  'src/widget/a.ts': `export const a = 'a';`,
  'src/widget/b.ts': `export const b = 'b';`,
  'src/widget/shared.ts': `export const shared = 'shared';`,
  'src/widget/lazyA.ts': `import { a } from './a'; import { shared } from './shared'; export const lazyA = a + shared;`,
  'src/widget/lazyB.ts': `import { b } from './b'; export const lazyB = b;`,
  'src/widget/lazyAB.ts': `import { a } from './a'; import { b } from './b'; import { shared } from './shared'; export const lazyAB = a + b + shared;`,
  'src/widget/en.json': `{ "hi": "Hello" }`,
  'src/widget/de.json': `{ "hi": "Hallo" }`,
  // English split as the widget splits it (scripts/firstPaintStrings.mjs): the first paint's share, the rest lazily.
  'src/widget/split.ts': `import first from './strings.json?first-paint'; const rest = () => import('./strings.json?rest'); export { first, rest };`,
  'src/widget/strings.json': `{ "HI": "Hello", "FORM.SUBMIT": "Submit" }`,
};

/** Writes the miniature widget into a new temporary folder. */
function checkout(): string {
  const folder = mkdtempSync(join(tmpdir(), 'wren-first-paint-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

let dir: string;
beforeAll(() => {
  dir = checkout();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundle(plugins: object[], absWorkingDir = dir): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir,
    entryPoints: ['src/widget/main.ts'],
    outdir: 'out',
    bundle: true,
    splitting: true,
    format: 'esm',
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: plugins as never[],
  });
  return metafile;
}

const plugin = (options: object = {}, folder = dir) =>
  firstPaintChunkPlugin(join(folder, 'src/widget/main.ts'), { root: join(folder, 'src/widget'), ...options });

/** What the page loads before the first paint: the served file and every chunk it imports. */
function firstPaint(metafile: Metafile): string[] {
  const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === 'src/widget/main.ts')!;
  const served: string = servedEntry(metafile.outputs, entry);
  const imports = metafile.outputs[served].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path);
  return [served, ...imports];
}

const chunkOf = (metafile: Metafile, input: string) =>
  Object.entries(metafile.outputs).find(([, output]) => Object.keys(output.inputs).some((name) => name.endsWith(input)))?.[0];

describe('the first paint as one chunk', () => {
  it('without the plugin, esbuild splits the first paint by which lazy parts share each module', async () => {
    expect(firstPaint(await bundle([])).length).toBeGreaterThan(2);
  });

  it('with it, the page loads one file that holds the whole first paint, which every lazy part imports', async () => {
    const metafile = await bundle([plugin()]);
    const [only, ...more] = firstPaint(metafile);
    expect(more).toEqual([]);
    for (const module of ['main.ts', 'a.ts', 'b.ts', 'en.json']) expect(chunkOf(metafile, module)).toBe(only);
    for (const lazy of ['lazyA.ts', 'lazyB.ts', 'lazyAB.ts', 'de.json']) {
      const file = chunkOf(metafile, lazy)!;
      expect(file).not.toBe(only);
      expect(metafile.outputs[file].imports.map((i) => i.path)).toContain(only);
    }
    // What only lazy parts share keeps a chunk of its own.
    expect([only, chunkOf(metafile, 'lazyA.ts')]).not.toContain(chunkOf(metafile, 'shared.ts'));
    expect(relative('out', only)).toMatch(/^chunk-/);
  });

  it('makes the lazy rest of a split locale file import the first paint too, and keeps the two shares apart', async () => {
    writeFileSync(join(dir, 'src/widget/main.ts'), `import { first, rest } from './split'; const run = () => [first, rest()]; run();`);
    try {
      const metafile = await bundle([plugin(), firstPaintStringsPlugin()]);
      const [only, ...more] = firstPaint(metafile);
      expect(more).toEqual([]);
      const restFile = Object.keys(metafile.outputs).find((file) =>
        Object.keys(metafile.outputs[file].inputs).some((name) => name.startsWith('rest-strings:')),
      )!;
      expect(restFile).not.toBe(only);
      expect(metafile.outputs[restFile].imports.map((i) => i.path)).toContain(only);
      expect(Object.keys(metafile.outputs[only].inputs).some((name) => name.startsWith('rest-strings:'))).toBe(false);
    } finally {
      writeFileSync(join(dir, 'src/widget/main.ts'), FILES['src/widget/main.ts']);
    }
  });

  it('puts a module only lazy parts share into the first paint when asked', async () => {
    const metafile = await bundle([plugin({ alsoFirstPaint: [join(dir, 'src/widget/shared.ts')] })]);
    const [only, ...more] = firstPaint(metafile);
    expect(more).toEqual([]);
    expect(chunkOf(metafile, 'shared.ts')).toBe(only);
    expect(metafile.outputs[chunkOf(metafile, 'lazyA.ts')!].imports.map((i) => i.path)).toEqual([only]);
  });

  it('names the files alike in any checkout, so their sizes are the same on every machine', async () => {
    // A chunk's name hashes the paths of its modules, and each chunk names the chunks it imports.
    const elsewhere = checkout();
    try {
      const here = Object.keys((await bundle([plugin()])).outputs).sort();
      const there = Object.keys((await bundle([plugin({}, elsewhere)], elsewhere)).outputs).sort();
      expect(there).toEqual(here);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
