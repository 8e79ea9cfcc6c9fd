/**
 * The widget's chunk plan (src/widget/chunks/plan.ts) as the build reads it, and the checks that
 * hold the build and `.size-limit.json` to it (docs/architecture.md#the-chunk-plan).
 *
 * The plan is TypeScript, beside the loaders it describes, and typed there; Node 20 runs no
 * TypeScript, so it is read through esbuild's transform (it imports nothing).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

// A path, not a URL: a test in a DOM environment has its own `URL`, which `readFile` refuses.
const PLAN = join(dirname(fileURLToPath(import.meta.url)), '../src/widget/chunks/plan.ts');

async function readPlan() {
  const { code } = await transform(await readFile(PLAN, 'utf8'), { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

export const { firstPaint, lazyChunks, sharedStrings } = await readPlan();

/** Where size-limit finds a lazy chunk's file: in the build's folder (scripts/buildFolder.mjs). */
const CHUNK_FILES = 'dist/packs/js/widget-*/';
/** What size-limit measures as the first paint (build.mjs `writeSizeViews`). */
const FIRST_PAINT_FILES = 'dist/size/first-paint/*';

/** An entry point as esbuild's metafile names it, without the namespace a plugin loaded it in. */
const moduleOf = (entryPoint) => entryPoint.replace(/^[\w-]+:/, '');

/** The plan's name for the lazy chunk esbuild built from `entryPoint` (as the metafile names it), if it is planned. */
export function plannedName(entryPoint) {
  const module = moduleOf(entryPoint);
  return Object.keys(lazyChunks).find((name) => lazyChunks[name].entry === module);
}

/** The modules of the planned chunks that every open or the first keystroke fetches. */
export const prefetchedModules = Object.values(lazyChunks)
  .filter((chunk) => chunk.prefetched)
  .map((chunk) => chunk.entry);

/**
 * What a widget build made against the plan: a lazy chunk of the widget's own code or strings
 * (`src/`, `locales/`) that the plan does not name, and a planned chunk the build did not make.
 * `metafile` is esbuild's; files other code fetches (the emoji names, scripts/emojiData.mjs) are
 * no chunk of the plan.
 */
export function chunkPlanProblems(metafile, plan = lazyChunks) {
  const { outputs } = metafile;
  const fetched = new Set(
    Object.values(outputs).flatMap((output) => output.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path)),
  );
  const built = [...fetched]
    .map((file) => outputs[file]?.entryPoint)
    .filter((entry) => entry !== undefined)
    .map(moduleOf);
  const planned = new Set(Object.values(plan).map((chunk) => chunk.entry));
  return [
    ...built
      .filter((module) => /^(src|locales)\//.test(module) && !planned.has(module))
      .map((module) => `${module} is a lazy chunk the plan does not name: give it a line in src/widget/chunks/plan.ts`),
    ...Object.entries(plan)
      .filter(([, chunk]) => !built.includes(chunk.entry))
      .map(([name, chunk]) => `${name}: no import() fetches ${chunk.entry}, the module the plan names`),
  ];
}

/** The size-limit entry the plan asks for each of its chunks (and the first paint): the files measured and the limit. */
function plannedSizeLimits(plan = { firstPaint, lazyChunks }) {
  return [
    { of: 'the first paint', path: FIRST_PAINT_FILES, limit: `${plan.firstPaint.budget} KB` },
    ...Object.entries(plan.lazyChunks).map(([name, chunk]) => {
      const files = [name, ...(chunk.measuredWith ?? [])].map((file) => `${CHUNK_FILES}${file}.js`);
      return { of: name, path: files.length === 1 ? files[0] : files, limit: `${chunk.budget} KB` };
    }),
  ];
}

/**
 * Where `.size-limit.json`'s `entries` disagree with the plan: a planned budget without its entry
 * or with two, another limit than the plan's, and an entry for a chunk file the plan does not name.
 */
export function sizeLimitProblems(entries, plan = { firstPaint, lazyChunks }) {
  const same = (a, b) => JSON.stringify([a].flat()) === JSON.stringify([b].flat());
  const problems = plannedSizeLimits(plan).flatMap(({ of, path, limit }) => {
    const matching = entries.filter((entry) => same(entry.path, path));
    if (matching.length !== 1) return [`${of}: ${matching.length} entries measure ${[path].flat().join(' + ')}, one expected`];
    return matching[0].limit === limit ? [] : [`${of}: the limit is ${matching[0].limit}, the plan's budget ${limit}`];
  });
  const plannedFiles = new Set(plannedSizeLimits(plan).flatMap(({ path }) => [path].flat()));
  for (const entry of entries) {
    for (const path of [entry.path].flat()) {
      if (path.startsWith(CHUNK_FILES) && !plannedFiles.has(path)) problems.push(`${path}: no chunk of the plan is built there`);
    }
  }
  return problems;
}
