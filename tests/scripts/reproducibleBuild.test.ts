import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { lazyChunks } from '../../src/widget/chunks/plan';

/**
 * Two builds of the same tree are the same bytes (docs/architecture.md#caching-and-chunk-names):
 * a size budget measures code, never a name or a path that moved between builds, and a deploy of
 * an unchanged tree gives visitors no file to fetch again. The whole `npm run build` runs twice,
 * into two dist folders, and every file of both (the npm package's too) is compared, each lazy
 * chunk of the chunk plan among them under its plan's name, which is what its budget measures.
 */

const ROOT = new URL('../../', import.meta.url).pathname;
const PACKAGE_DIST = join(ROOT, 'packages/wren-chat/dist');

/** Every file under `dir`, by its path inside it. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(dir, path), readFileSync(path));
  }
  return files;
}

describe('the build', () => {
  let scratch: string;
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'wren-reproducible-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Builds into `<scratch>/<name>/dist`, the package's output copied beside it; answers every file. */
  async function buildInto(name: string): Promise<Map<string, Buffer>> {
    const dist = join(scratch, name, 'dist');
    await promisify(execFile)(process.execPath, ['build.mjs', '--quiet'], { cwd: ROOT, env: { ...process.env, DIST_DIR: dist } });
    cpSync(PACKAGE_DIST, join(scratch, name, 'package'), { recursive: true });
    return filesUnder(join(scratch, name));
  }

  it('gives the same bytes, file for file, when it runs twice on the same tree', async () => {
    const first = await buildInto('first');
    const second = await buildInto('second');
    expect([...second.keys()].sort()).toEqual([...first.keys()].sort());
    expect(first.size).toBeGreaterThan(100);
    // Every chunk of the plan among them, under the name the plan gives it (src/widget/chunks/plan.ts).
    const widgetScripts = [...first.keys()].filter((path) => /packs\/js\/widget-[^/]+\/[^/]+\.js$/.test(path));
    expect(widgetScripts.map((path) => basename(path, '.js'))).toEqual(expect.arrayContaining(Object.keys(lazyChunks)));
    const differing = [...first].filter(([path, bytes]) => !bytes.equals(second.get(path)!)).map(([path]) => path);
    expect(differing).toEqual([]);
  }, 240_000);
});
