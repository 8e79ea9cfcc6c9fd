import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
// @ts-expect-error the build script is plain JavaScript without types
import { buildFolderPlugin } from '../../scripts/buildFolder.mjs';
// @ts-expect-error the build script is plain JavaScript without types
import { firstPaintChunkPlugin } from '../../scripts/firstPaintChunk.mjs';

/**
 * The widget's scripts in one folder per build, stable names inside (scripts/buildFolder.mjs): a
 * miniature widget whose first paint fetches two lazy chunks that share a module.
 */
const FILES: Record<string, string> = {
  // Exports nothing, as the widget's entry: with the first paint's chunk, it becomes a stub.
  'src/main.ts': `addEventListener('click', () => [import('./Messages'), import('./prompts')]);`,
  'src/shared.ts': `export const shared = (x: string) => x.repeat(2);`,
  'src/Messages.ts': `import { shared } from './shared'; export const view = shared('messages');`,
  'src/prompts.ts': `import { shared } from './shared'; export const prompts = shared('prompts');`,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wren-build-folder-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Builds the miniature widget as build.mjs builds the real one; answers its metafile. With
 * `firstPaintChunk`, also as the real one's first paint is made: a chunk every lazy chunk imports,
 * the entry a stub that imports it (scripts/firstPaintChunk.mjs).
 */
async function bundle({
  firstPaintChunk = false,
  chunkName,
}: {
  firstPaintChunk?: boolean;
  chunkName?: (entryPoint: string) => string | undefined;
} = {}): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: dir,
    entryPoints: ['src/main.ts'],
    outdir: 'packs',
    entryNames: 'js/widget-[hash]',
    chunkNames: 'js/chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      buildFolderPlugin({ packs: 'packs', chunkName }),
      ...(firstPaintChunk ? [firstPaintChunkPlugin(join(dir, 'src/main.ts'), { root: join(dir, 'src') })] : []),
    ],
  });
  return metafile;
}

/** The build's one folder under packs/js/, and its files. */
function folder(): { name: string; files: string[] } {
  const [name, ...others] = readdirSync(join(dir, 'packs/js'));
  expect(others).toEqual([]);
  return { name, files: readdirSync(join(dir, 'packs/js', name)).sort() };
}

const entryFile = (metafile: Metafile) =>
  Object.keys(metafile.outputs).find((file) => metafile.outputs[file].entryPoint === 'src/main.ts')!;

describe("the widget's build folder", () => {
  it('puts every script into one folder named by a hash, the lazily fetched chunks under their module’s name', async () => {
    const metafile = await bundle();
    const { name, files } = folder();
    expect(name).toMatch(/^widget-[0-9A-F]{8}$/);
    expect(files).toEqual(expect.arrayContaining(['Messages.js', 'prompts.js']));
    expect(files.find((file) => file.startsWith('widget-'))).toBeTruthy();
    // The metafile says where the files went, for the manifest.
    expect(Object.keys(metafile.outputs).sort()).toEqual(files.map((file) => `packs/js/${name}/${file}`));
    const entry = readFileSync(join(dir, entryFile(metafile)), 'utf8');
    expect(entry).toContain('import("./Messages.js")');
    expect(entry).toContain('import("./prompts.js")');
  });

  it('keeps the first paint’s bytes when only a lazy chunk changes, and moves every file to a new folder', async () => {
    const before = await bundle();
    const firstPaint = readFileSync(join(dir, entryFile(before)), 'utf8');
    const { name: firstFolder } = folder();
    rmSync(join(dir, 'packs'), { recursive: true });
    writeFileSync(join(dir, 'src/prompts.ts'), `import { shared } from './shared'; export const prompts = shared('other prompts');`);
    const after = await bundle();
    expect(readFileSync(join(dir, entryFile(after)), 'utf8')).toBe(firstPaint);
    expect(folder().name).not.toBe(firstFolder);
  });

  it('names the first paint’s chunk firstPaint.js, so a change to one lazy chunk leaves the others’ bytes alone', async () => {
    const bytes = () =>
      Object.fromEntries(folder().files.map((file) => [file, readFileSync(join(dir, 'packs/js', folder().name, file), 'utf8')]));
    await bundle({ firstPaintChunk: true });
    const before = bytes();
    expect(Object.keys(before)).toEqual(expect.arrayContaining(['firstPaint.js', 'Messages.js', 'prompts.js']));
    expect(before['Messages.js']).toContain('"./firstPaint.js"');
    rmSync(join(dir, 'packs'), { recursive: true });
    writeFileSync(join(dir, 'src/prompts.ts'), `import { shared } from './shared'; export const prompts = shared('other prompts');`);
    await bundle({ firstPaintChunk: true });
    const after = bytes();
    expect(after['prompts.js']).not.toBe(before['prompts.js']);
    expect(after['firstPaint.js']).toBe(before['firstPaint.js']);
    expect(after['Messages.js']).toBe(before['Messages.js']);
  });

  it('names a chunk that lazy chunks share after them, so a change to its code leaves theirs alone', async () => {
    const bytes = () =>
      Object.fromEntries(folder().files.map((file) => [file, readFileSync(join(dir, 'packs/js', folder().name, file), 'utf8')]));
    await bundle({ firstPaintChunk: true });
    const before = bytes();
    expect(Object.keys(before)).toContain('Messages~prompts.js');
    expect(before['Messages.js']).toContain('"./Messages~prompts.js"');
    rmSync(join(dir, 'packs'), { recursive: true });
    writeFileSync(join(dir, 'src/shared.ts'), `export const shared = (x: string) => x.repeat(3);`);
    await bundle({ firstPaintChunk: true });
    const after = bytes();
    expect(after['Messages~prompts.js']).not.toBe(before['Messages~prompts.js']);
    expect(after['Messages.js']).toBe(before['Messages.js']);
    expect(after['prompts.js']).toBe(before['prompts.js']);
    expect(after['firstPaint.js']).toBe(before['firstPaint.js']);
  });

  it('names a chunk as its plan does, so a module renamed moves neither its file nor its bytes', async () => {
    const bytes = () =>
      Object.fromEntries(folder().files.map((file) => [file, readFileSync(join(dir, 'packs/js', folder().name, file), 'utf8')]));
    const planned = (module: string) => (entryPoint: string) => (entryPoint.endsWith(module) ? 'conversation' : undefined);
    await bundle({ firstPaintChunk: true, chunkName: planned('src/Messages.ts') });
    const before = bytes();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['firstPaint.js', 'conversation.js', 'conversation~prompts.js', 'prompts.js']),
    );
    rmSync(join(dir, 'packs'), { recursive: true });
    rmSync(join(dir, 'src/Messages.ts'));
    writeFileSync(join(dir, 'src/Conversation.ts'), FILES['src/Messages.ts']);
    writeFileSync(join(dir, 'src/main.ts'), FILES['src/main.ts'].replace('./Messages', './Conversation'));
    await bundle({ firstPaintChunk: true, chunkName: planned('src/Conversation.ts') });
    // The entry's stub aside, which keeps esbuild's name: the page loads the first paint's chunk.
    const served = (files: Record<string, string>) => Object.entries(files).filter(([file]) => !file.startsWith('widget-'));
    expect(served(bytes())).toEqual(served(before));
  });

  it('imports the chunks a lazy chunk shares from the same folder', async () => {
    const metafile = await bundle();
    const messages = Object.keys(metafile.outputs).find((file) => file.endsWith('/Messages.js'))!;
    const shared = metafile.outputs[messages].imports.find((i) => i.kind === 'import-statement')!.path;
    expect(shared.split('/').slice(0, -1)).toEqual(messages.split('/').slice(0, -1));
    const code = readFileSync(join(dir, messages), 'utf8');
    expect(code).toContain(`"./${shared.split('/').pop()}"`);
  });
});
