import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, posix } from 'node:path';
import type { Metafile } from 'esbuild';
import { chunkPlanProblems, sizeLimitProblems } from '../../scripts/chunkPlan.mjs';
import en from '../../locales/en.json';
import { firstPaint, type LazyChunk, lazyChunks, sharedStrings } from '../../src/widget/chunks/plan';

/**
 * The chunk plan (src/widget/chunks/plan.ts, docs/architecture.md#the-chunk-plan) is the one
 * table of the widget's lazy chunks; the places that act on it are held to it. The build names
 * each chunk's file from it and fails on a chunk it does not name (`chunkPlanProblems`, run by
 * build.mjs); the strings split takes its shares from it (scripts/firstPaintStrings.mjs). This
 * holds the two it cannot generate: the loaders of `chunks/` and `.size-limit.json`.
 */

const ROOT = new URL('../../', import.meta.url);
const CHUNKS = 'src/widget/chunks';

/** Chunks no loader of chunks/ fetches, with who does: the rest of English, `i18n/index.ts`. */
const LOADED_ELSEWHERE = ['en'];

/**
 * Loaders of a chunk that another loader fetches too, with why: the outbox's own loader of the
 * attachments chunk (`keptFiles.ts`, in the flow chunk), to keep a waiting file beyond the
 * page with the chat closed. One loader imported by both the flow chunk and the conversation
 * view's would be split by esbuild into a file of its own: one more request.
 */
const SECOND_LOADERS = ['keptFiles.ts'];

/**
 * Loaders of a file the widget's build does not make: the URLPattern polyfill, built apart for the
 * loader's campaign matcher and the widget alike (build.mjs), whose address the loader builds from
 * the name the build gives it (`import(file)`).
 */
const BUILT_APART = ['urlPattern.ts'];

const withoutExtension = (path: string) => path.replace(/\.(tsx?|json)(?=\?|$)/, '');

/**
 * What breaks the match between the loaders of chunks/ (file name → source) and the plan's chunks:
 * a loader with no `import()` or several, one that fetches a module the plan names no chunk for,
 * two loaders of one chunk (but for `SECOND_LOADERS`), a chunk no loader fetches.
 */
function loaderProblems(loaders: Record<string, string>, plan: Record<string, LazyChunk>): string[] {
  const chunkOf = (module: string) => Object.keys(plan).find((name) => withoutExtension(plan[name].entry) === module);
  const problems: string[] = [];
  const fetched: string[] = [];
  for (const [loader, source] of Object.entries(loaders)) {
    if (BUILT_APART.includes(loader)) continue;
    const targets = [...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map(([, target]) => posix.join(CHUNKS, target));
    if (targets.length !== 1) {
      problems.push(`${loader}: ${targets.length} import() calls, one expected`);
      continue;
    }
    const name = chunkOf(targets[0]);
    if (!name) problems.push(`${loader}: fetches ${targets[0]}, for which the plan names no chunk`);
    else if (!SECOND_LOADERS.includes(loader)) fetched.push(name);
  }
  for (const name of Object.keys(plan)) {
    const loaders = fetched.filter((chunk) => chunk === name).length;
    const expected = LOADED_ELSEWHERE.includes(name) ? 0 : 1;
    if (loaders !== expected) problems.push(`${name}: ${loaders} loaders in chunks/, ${expected} expected`);
  }
  return problems;
}

describe('the chunk plan', () => {
  const loaders = Object.fromEntries(
    readdirSync(new URL(`${CHUNKS}/`, ROOT))
      .filter((file) => file.endsWith('.ts') && file !== 'plan.ts')
      .map((file) => [file, readFileSync(new URL(`${CHUNKS}/${file}`, ROOT), 'utf8')]),
  );
  const sizeLimits = JSON.parse(readFileSync(new URL('.size-limit.json', ROOT), 'utf8'));

  it('names modules that exist, and namespaces and keys of English', () => {
    const modules = [...firstPaint.modules, ...Object.values(lazyChunks).map((chunk) => chunk.entry.replace(/\?.*$/, ''))];
    for (const module of modules) expect(existsSync(new URL(module, ROOT)), module).toBe(true);
    const keys = Object.keys(en);
    const strings = [
      ...firstPaint.strings,
      ...Object.values<LazyChunk>(lazyChunks).flatMap((chunk) => chunk.strings ?? []),
      ...Object.values(sharedStrings).flat(),
    ];
    for (const entry of strings)
      expect(
        keys.some((key) => key === entry || key.startsWith(`${entry}.`)),
        entry,
      ).toBe(true);
  });

  it('has one loader in chunks/ for each of its chunks, and no loader of a chunk it does not name', () => {
    expect(Object.keys(loaders).length).toBeGreaterThanOrEqual(10);
    expect(loaderProblems(loaders, lazyChunks)).toEqual([]);
  });

  it('finds a loader of a chunk it does not name, a chunk without a loader, and a loader of two chunks', () => {
    const plan = { prompts: lazyChunks.prompts, markdown: lazyChunks.markdown, en: lazyChunks.en };
    const fixture = {
      'markdown.ts': "export const markdownChunk = loadOnce(() => import('../lib/markdown'));",
      'gone.ts': "export const goneChunk = loadOnce(() => import('./contents/gone'));",
      'both.ts': "export const both = () => Promise.all([import('../views/A'), import('../views/B')]);",
      'urlPattern.ts': 'export const urlPatternChunk = loadOnce(() => import(file));',
    };
    expect(loaderProblems(fixture, plan)).toEqual([
      'gone.ts: fetches src/widget/chunks/contents/gone, for which the plan names no chunk',
      'both.ts: 2 import() calls, one expected',
      'prompts: 0 loaders in chunks/, 1 expected',
    ]);
  });

  it("gives .size-limit.json one entry for each chunk, measuring the chunk's file with the plan's budget", () => {
    expect(sizeLimitProblems(sizeLimits)).toEqual([]);
  });

  it('finds in a wrong copy of .size-limit.json a limit the plan does not set, a chunk without a budget, and a budget of no chunk', () => {
    const wrong = structuredClone(sizeLimits)
      .filter((entry: { path: unknown }) => entry.path !== 'dist/packs/js/widget-*/prompts.js')
      .map((entry: { path: unknown; limit: string }) =>
        entry.path === 'dist/packs/js/widget-*/messages.js' ? { ...entry, limit: '8.5 KB' } : entry,
      );
    wrong.push({ name: 'Lazy chunk: gone', path: 'dist/packs/js/widget-*/Messages.js', limit: '8 KB' });
    expect(sizeLimitProblems(wrong)).toEqual([
      "messages: the limit is 8.5 KB, the plan's budget 8 KB",
      'prompts: 0 entries measure dist/packs/js/widget-*/prompts.js, one expected',
      'dist/packs/js/widget-*/Messages.js: no chunk of the plan is built there',
    ]);
  });

  it('finds in a build a lazy chunk it does not name and a chunk of its own that was not built', () => {
    /** A widget build's metafile in miniature: the entry fetches three chunks, one of them the emoji picker's data. */
    const output = (entryPoint: string, fetches: string[] = []) => ({
      entryPoint,
      imports: fetches.map((path) => ({ path, kind: 'dynamic-import' as const })),
      inputs: {},
      exports: [],
      bytes: 1,
    });
    const metafile = {
      inputs: {},
      outputs: {
        'js/widget/firstPaint.js': output('src/widget/main.tsx', [
          'js/widget/messages.js',
          'js/widget/Gone.js',
          'js/widget/emoji-names-en.js',
        ]),
        'js/widget/messages.js': output('first-paint-chunk:src/widget/views/Messages.tsx'),
        'js/widget/Gone.js': output('first-paint-chunk:src/widget/views/Gone.tsx'),
        'js/widget/emoji-names-en.js': output('emoji-data:emoji-data/emoji-names-en'),
      },
    } as unknown as Metafile;
    expect(chunkPlanProblems(metafile, { messages: lazyChunks.messages, prompts: lazyChunks.prompts })).toEqual([
      'src/widget/views/Gone.tsx is a lazy chunk the plan does not name: give it a line in src/widget/chunks/plan.ts',
      'prompts: no import() fetches src/widget/chunks/contents/prompts.ts, the module the plan names',
    ]);
  });

  it('fetches each chunk of several modules (chunks/contents/) through one loader', () => {
    const contents = readdirSync(new URL(`${CHUNKS}/contents/`, ROOT)).map((file) => basename(file, '.ts'));
    for (const name of contents) {
      const fetchers = Object.entries(loaders).filter(
        ([loader, source]) => !SECOND_LOADERS.includes(loader) && source.includes(`import('./contents/${name}')`),
      );
      expect(fetchers, name).toHaveLength(1);
    }
  });
});
