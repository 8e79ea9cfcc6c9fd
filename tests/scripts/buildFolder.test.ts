import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
// @ts-expect-error the build script is plain JavaScript without types
import { buildFolderPlugin } from '../../scripts/buildFolder.mjs';

/**
 * The widget's scripts in one folder per build, stable names inside (scripts/buildFolder.mjs): a
 * miniature widget whose first paint fetches two lazy chunks that share a module.
 */
const FILES: Record<string, string> = {
  'src/main.ts': `export const start = () => [import('./Messages'), import('./prompts')];`,
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

/** Builds the miniature widget as build.mjs builds the real one; answers its metafile. */
async function bundle(): Promise<Metafile> {
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
    plugins: [buildFolderPlugin({ packs: 'packs' })],
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

  it('imports the chunks a lazy chunk shares from the same folder', async () => {
    const metafile = await bundle();
    const messages = Object.keys(metafile.outputs).find((file) => file.endsWith('/Messages.js'))!;
    const shared = metafile.outputs[messages].imports.find((i) => i.kind === 'import-statement')!.path;
    expect(shared.split('/').slice(0, -1)).toEqual(messages.split('/').slice(0, -1));
    const code = readFileSync(join(dir, messages), 'utf8');
    expect(code).toContain(`"./${shared.split('/').pop()}"`);
  });
});
