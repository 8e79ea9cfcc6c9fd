/**
 * One file for the widget's first paint (docs/architecture.md#loading-strategy).
 *
 * With code splitting, esbuild puts each module in a chunk according to which entry points reach
 * it, the lazy chunks (every `import()`) counting as entry points. The modules of the first paint
 * are reached by the entry and by different subsets of the lazy chunks (Preact by all of them,
 * signals by some, the state models by a few…), so they came out as nine shared chunks: nine
 * requests before the widget could paint, each a round trip on a slow phone.
 *
 * This plugin makes every lazy chunk of `src/widget/` import the widget entry as well. Then every
 * module of the first paint is reached by every entry point, and esbuild puts them all into a
 * single chunk; the entry itself becomes a stub that imports it, and `servedEntry()` lets the
 * `/widget` page load that chunk directly. A lazy chunk loads after the first paint anyway, so the
 * extra import costs nothing at run time: the module is already evaluated, and ES modules run
 * once. Lazy chunks that share code among themselves (and not with the first paint) still get
 * shared chunks of their own. A locale's chunk imports the entry too, which also keeps esbuild's
 * runtime helpers (it puts them in a chunk every chunk imports) out of a chunk of their own; the
 * emoji names, which are no module of `src/widget/`, are left alone. Glob imports
 * (`import(`./${x}.json`)`) are invisible to plugins: the widget writes its lazy imports out.
 * The entry imports its stylesheet as text (build.mjs's CSS-as-text plugin), a module like any
 * other: imported as CSS, each lazy chunk would get a copy of it.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';

const NAMESPACE = 'first-paint-chunk';
const MODULE = /\.(ts|tsx|js|mjs|json)$/;

/**
 * The esbuild plugin; `entry` is the widget's entry point (`src/widget/main.tsx`). `alsoFirstPaint`
 * lists small modules that only lazy chunks use, but several of them: esbuild would give them a
 * shared chunk, a request of their own just before the conversation view can show; the plugin
 * has the entry import them (build-time only), so they ride in the first paint's chunk instead.
 * For each of the `prefetched` lazy modules the build warns when its chunk needs another chunk
 * than the first paint's: a module to add to `alsoFirstPaint`, or a decision to make.
 */
export function firstPaintChunkPlugin(entry, { alsoFirstPaint = [], prefetched = [], root = resolve('src/widget') } = {}) {
  const entryPath = resolve(entry);
  const extras = alsoFirstPaint.map((path) => `import ${JSON.stringify(resolve(path))};`).join('\n');
  return {
    name: 'first-paint-chunk',
    setup(b) {
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onEnd(({ metafile }) => {
        if (!metafile) return;
        const { outputs } = metafile;
        const stub = Object.keys(outputs).find((file) => outputs[file].entryPoint === relativeEntry(entryPath, cwd));
        const firstPaint = stub && servedEntry(outputs, stub);
        for (const path of prefetched) {
          const [file, output] =
            Object.entries(outputs).find(([, o]) => o.entryPoint === `${NAMESPACE}:${relativeEntry(resolve(path), cwd)}`) ?? [];
          const more = output?.imports.filter((i) => i.kind === 'import-statement' && i.path !== firstPaint).map((i) => i.path) ?? [];
          if (more.length > 0) console.warn(`${file} needs ${more.join(', ')} besides the first paint's chunk: one request each`);
        }
      });
      if (extras) {
        b.onLoad({ filter: /.*/ }, async (args) =>
          args.path === entryPath && args.namespace === 'file'
            ? { contents: `${await readFile(args.path, 'utf8')}\n${extras}\n`, loader: 'tsx', resolveDir: dirname(args.path) }
            : undefined,
        );
      }
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.[NAMESPACE] || !args.importer.startsWith(root)) return undefined;
        const resolved = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { [NAMESPACE]: true },
        });
        // A share of a locale file (`en.json?rest`, scripts/firstPaintStrings.mjs) is another
        // plugin's module: wrapped with its query, which the wrapper's import hands back to it.
        const query = /\.json(\?[\w-]+)$/.exec(args.path)?.[1] ?? '';
        // Anything else (an unresolvable path, another plugin's module) resolves as it would without the plugin.
        if (resolved.errors.length > 0 || (resolved.namespace !== 'file' && !query) || !MODULE.test(resolved.path)) return undefined;
        // Relative: esbuild hashes a virtual module's path into chunk names, and an absolute one
        // would make the build's file names (and their compressed sizes) differ by checkout.
        return { path: relativeEntry(resolve(cwd, resolved.path), cwd) + query, namespace: NAMESPACE };
      });
      // The lazy module as esbuild sees it: the entry first, then everything the module exports
      // (a locale's JSON is its default export; code parts are imported for their named ones).
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const [, file, query = ''] = /^(.*?)(\?[\w-]+)?$/.exec(args.path) ?? [];
        const module = resolve(cwd, file);
        const path = JSON.stringify(module + query);
        const exports = module.endsWith('.json') ? `export { default } from ${path};` : `export * from ${path};`;
        return { contents: `import ${JSON.stringify(entryPath)};\n${exports}\n`, resolveDir: dirname(module), loader: 'js' };
      });
    },
  };
}

/** An entry point as esbuild's metafile names it: relative to the working directory `cwd`. */
function relativeEntry(path, cwd) {
  return relative(cwd, path).split(sep).join('/');
}

/**
 * The file the page should load for an entry: the entry itself, or, when the entry is only a stub
 * importing one chunk (see above), that chunk, which saves the page a request. `outputs` is
 * esbuild's metafile `outputs`.
 */
export function servedEntry(outputs, file) {
  const output = outputs[file];
  const imports = output.imports.filter((i) => i.kind === 'import-statement');
  const ownCode = Object.values(output.inputs).some((input) => input.bytesInOutput > 0);
  return !ownCode && imports.length === 1 && !output.exports?.length ? imports[0].path : file;
}
