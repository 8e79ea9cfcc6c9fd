import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';

/**
 * The chunk plan (docs/architecture.md#loading-strategy): each lazy chunk of the widget has one
 * loader, `src/widget/chunks/<chunk>.ts`, and one size budget in `.size-limit.json`. `npm run deps`
 * keeps `import()` in those loaders; this keeps loaders and budgets one-to-one, so a new chunk
 * cannot ship unmeasured and a budget cannot outlive its chunk.
 */

const ROOT = new URL('../../', import.meta.url);
const CHUNKS_DIR = new URL('src/widget/chunks/', ROOT);
const CHUNK_FILES = 'dist/packs/js/widget-*/';

/**
 * Lazy files that no loader of chunks/ fetches, with who does: the English strings beyond the
 * first paint's (i18n/index.ts) and the emoji names, which the picker fetches through the module
 * the build generates (scripts/emojiData.mjs); the largest locale's is the one measured.
 */
const LOADED_ELSEWHERE = ['en', 'emoji-names-hi'];

/**
 * Loaders of a chunk that another loader fetches too, with why: the outbox's own loader of the
 * attachments chunk (`keptFiles.ts`, in the flow chunk), to keep a waiting file beyond the
 * page with the chat closed. One loader imported by both the flow chunk and the conversation
 * view's would be split by esbuild into a file of its own: one more request.
 */
const SECOND_LOADERS = ['keptFiles.ts'];

/**
 * Loaders of a file the widget's build does not make, with that file's size entry: the URLPattern
 * polyfill, built apart for the loader's campaign matcher and the widget alike (build.mjs), whose
 * address the loader builds from the name the build gives it.
 */
const BUILT_APART: Record<string, string> = { 'urlPattern.ts': 'dist/packs/js/sdk-urlpattern-*.js' };

interface SizeEntry {
  name: string;
  path: string | string[];
}

/** A loader's source → the name esbuild gives its chunk's file: the lazily imported module's. */
function chunkFileName(source: string): string[] {
  return [...source.matchAll(/import\(\s*'([^']+)'\s*\)/g)].map(([, target]) => basename(target, extname(target)));
}

/**
 * What breaks the one-to-one match between `loaders` (file name → source) and the size entries'
 * chunk files: a loader with no `import()` or several, a chunk without a budget or with two, a
 * budget for a chunk no loader fetches.
 */
function planProblems(loaders: Record<string, string>, entries: SizeEntry[]): string[] {
  const budgeted = entries.flatMap((entry) =>
    [entry.path]
      .flat()
      .filter((path) => path.startsWith(CHUNK_FILES))
      .map((path) => path.slice(CHUNK_FILES.length).replace(/\.js$/, '')),
  );
  const problems: string[] = [];
  const fetched = new Set(LOADED_ELSEWHERE);
  for (const [loader, source] of Object.entries(loaders)) {
    if (loader in BUILT_APART) {
      const file = BUILT_APART[loader];
      const budgets = entries.filter((entry) => [entry.path].flat().includes(file)).length;
      if (budgets !== 1) problems.push(`${loader}: ${budgets} size entries for ${file}, one expected`);
      continue;
    }
    const names = chunkFileName(source);
    if (names.length !== 1) {
      problems.push(`${loader}: ${names.length} import() calls, one expected`);
      continue;
    }
    const [name] = names;
    fetched.add(name);
    const budgets = budgeted.filter((file) => file === name).length;
    if (budgets !== 1) problems.push(`${loader}: ${budgets} size entries for ${CHUNK_FILES}${name}.js, one expected`);
  }
  for (const file of budgeted) if (!fetched.has(file)) problems.push(`${CHUNK_FILES}${file}.js: no loader in chunks/ fetches it`);
  return problems;
}

describe('the chunk plan', () => {
  const loaders = Object.fromEntries(
    readdirSync(CHUNKS_DIR)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [file, readFileSync(new URL(file, CHUNKS_DIR), 'utf8')]),
  );
  const entries: SizeEntry[] = JSON.parse(readFileSync(new URL('.size-limit.json', ROOT), 'utf8'));

  it('finds a chunk without a budget, a budget without a chunk, and a loader of two chunks', () => {
    const fixture = {
      'prompts.ts': "export const promptsChunk = loadOnce(() => import('./contents/prompts'));",
      'markdown.ts': "export const markdownChunk = loadOnce(() => import('../lib/markdown'));",
      'both.ts': "export const both = () => Promise.all([import('../views/A'), import('../views/B')]);",
      'urlPattern.ts': 'export const urlPatternChunk = loadOnce(() => import(file));',
    };
    const budgets = [
      { name: 'Lazy chunk: markdown', path: 'dist/packs/js/widget-*/markdown.js' },
      { name: 'Lazy chunk: gone', path: ['dist/packs/js/widget-*/gone.js', 'dist/packs/js/widget-*/emoji-names-hi.js'] },
      { name: 'Widget first paint', path: 'dist/size/first-paint/*' },
    ];
    expect(planProblems(fixture, budgets)).toEqual([
      'prompts.ts: 0 size entries for dist/packs/js/widget-*/prompts.js, one expected',
      'both.ts: 2 import() calls, one expected',
      'urlPattern.ts: 0 size entries for dist/packs/js/sdk-urlpattern-*.js, one expected',
      'dist/packs/js/widget-*/gone.js: no loader in chunks/ fetches it',
    ]);
  });

  it("gives every loader of src/widget/chunks/ one size entry, and every chunk's entry one loader", () => {
    expect(Object.keys(loaders).length).toBeGreaterThanOrEqual(10);
    expect(planProblems(loaders, entries)).toEqual([]);
  });

  it('fetches each chunk of several modules (chunks/contents/) through one loader', () => {
    const contents = readdirSync(new URL('contents/', CHUNKS_DIR)).map((file) => basename(file, '.ts'));
    for (const name of contents) {
      const fetchers = Object.entries(loaders).filter(
        ([loader, source]) => !SECOND_LOADERS.includes(loader) && source.includes(`import('./contents/${name}')`),
      );
      expect(fetchers, name).toHaveLength(1);
    }
  });
});
