#!/usr/bin/env node
/**
 * Builds every shipped piece of Wren with esbuild.
 *
 *   node build.mjs            one production build, then a gzip/brotli size table
 *   node build.mjs --watch    rebuild on change (development)
 *   node build.mjs --quiet    build without the table (used by `npm start`)
 *
 * Outputs:
 *   dist/packs/js/sdk.js              the loader: one IIFE with a stable name, no framework
 *   dist/packs/js/sdk-runtime-[hash].js  its runtime, loaded on intent; and js/launcher/<locale>-[hash].js,
 *                                     the loader's strings in each language but English (scripts/launcherStrings.mjs)
 *   dist/packs/js/sdk-campaigns-[hash].js  the runtime's campaign matcher, and js/sdk-urlpattern-[hash].js,
 *                                     the URLPattern polyfill it and the widget fetch where the browser has none
 *   dist/packs/js/sdk-notice-[hash].js  the runtime's notice of a chat that cannot load, and
 *                                     js/notice/<locale>-[hash].js, its words in each language but English
 *   dist/packs/js/widget-[hash]/      the widget's scripts, one folder per build (scripts/buildFolder.mjs):
 *                                     the entry (ESM), a stub: its first paint is one chunk, its
 *                                     stylesheet inside as text (scripts/firstPaintChunk.mjs,
 *                                     src/widget/boot/styles.ts), which the manifest names as
 *                                     `widget.js`; the lazy chunks, `<name>.js`, named by the
 *                                     chunk plan (src/widget/chunks/plan.ts), and the emoji
 *                                     picker's data (scripts/emojiData.mjs)
 *   dist/packs/assets/logo-[hash].svg the branding footer's logo, named `logo.svg` in the manifest (the
 *                                     server puts it in the /widget page as a data: URL)
 *   dist/packs/js/agent-[hash].js     the agent console at /agent (reference server only), and its
 *   dist/packs/css/agent-[hash].css   stylesheet: one bundle of its own, outside every widget budget
 *   dist/packs/manifest.json          entry → hashed file, read by the server's /widget page
 *   dist/server/server.js             the reference server (dependencies stay external)
 *   dist/server/backupCommand.js      `npm run backup -- <file>`
 *
 *   dist/size/                        copies of what size-limit measures as a whole (see below)
 *   dist/widget-meta.json             the widget build's esbuild metafile: which module is in which chunk
 *
 *   packages/wren-chat/dist/          the npm package (docs/architecture.md#the-npm-package): index.js,
 *                                     react.js, preact.js (ESM, minified) and a .d.ts for each, plus
 *                                     globals.d.ts; `npm pack ./packages/wren-chat` packs it (docs/apps.md#installing-the-package)
 *
 * DIST_DIR=<dir> builds somewhere other than dist/.
 */
import { generateDtsBundle } from 'dts-bundle-generator';
import { build, context, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { copyFile, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { ALIASES } from './aliases.mjs';
import { EXPECTED_LOCALES } from './scripts/checkLocales.mjs';
import { buildFolderPlugin } from './scripts/buildFolder.mjs';
import { chunkPlanProblems, firstPaint, plannedName, prefetchedModules } from './scripts/chunkPlan.mjs';
import { emojiDataPlugin } from './scripts/emojiData.mjs';
import { firstPaintChunkPlugin, servedEntry } from './scripts/firstPaintChunk.mjs';
import { checkFirstPaintKeys, checkLazyChunkKeys, chunkShares, firstPaintStringsPlugin } from './scripts/firstPaintStrings.mjs';
import { launcherStringsPlugin, writeLauncherStrings, writeNoticeWords } from './scripts/launcherStrings.mjs';
import { terseScripts } from './scripts/terse.mjs';
import { writeWidgetLocales } from './scripts/widgetLocales.mjs';

const WATCH = process.argv.includes('--watch');
const QUIET = process.argv.includes('--quiet');
// DIST_DIR lets parallel checkouts or agents build side by side without clobbering each other.
const DIST = process.env.DIST_DIR ?? 'dist';
const PACKS = join(DIST, 'packs');
const BROWSER_TARGET = ['chrome100', 'firefox100', 'safari15.4', 'edge100'];
/** The branding footer's logo: the reference server's default `LOGO_THUMBNAIL` (server/routes/widgetPage.ts). */
const LOGO = 'src/widget/assets/logo.svg';

/**
 * Imports CSS as a minified string, for constructable stylesheets: every stylesheet of the
 * loader and of the widget, each of which travels in the script that shows it (the first
 * paint's `styles/widget.css` in the first paint's, a lazy chunk's `*.chunk.css` in the chunk).
 */
/**
 * esbuild's minifier leaves custom property values as written (`--x: var(--y, 20px)`): they may be
 * anything, so it does not tokenise them. Ours are ordinary values, where the space after the
 * colon and after a comma means nothing; dropping them saves bytes on every page view (sdk.js).
 */
const compactCustomProperties = (css) =>
  css.replace(/(--[\w-]+):\s*([^;}]*)/g, (_, name, value) => `${name}:${value.replace(/\s*,\s*/g, ',')}`);

const cssTextPlugin = (filter = /\.css$/) => ({
  name: 'css-text',
  setup(b) {
    b.onLoad({ filter }, async (args) => {
      const { code } = await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true, target: BROWSER_TARGET });
      return { contents: `export default ${JSON.stringify(compactCustomProperties(code.trim()))};`, loader: 'js' };
    });
  },
});

/** Entry points the server needs to find by name, and the names it knows them by. */
const MANIFEST_NAMES = {
  'src/widget/main.tsx': 'widget',
  'src/sdk/runtime/index.ts': 'sdk-runtime',
  'src/agent/main.tsx': 'agent',
};

/** Merges each named entry's content-hashed outputs into `manifest.json`. */
const manifestPlugin = {
  name: 'manifest',
  setup(b) {
    b.onEnd(async (result) => {
      if (!result.metafile) return;
      const manifestFile = join(PACKS, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8').catch(() => '{}'));
      const { outputs } = result.metafile;
      // Every chunk an entry needs before it runs: the /widget page preloads these, and they
      // count towards the first-paint budget.
      const staticImports = (file, seen = new Set()) => {
        for (const { path, kind } of outputs[file]?.imports ?? []) {
          if (kind === 'import-statement' && !seen.has(path)) staticImports(path, seen.add(path));
        }
        return seen;
      };
      for (const [file, output] of Object.entries(outputs)) {
        const name = MANIFEST_NAMES[output.entryPoint];
        if (!name) continue;
        if (file.endsWith('.css')) {
          manifest[`${name}.css`] = relative(PACKS, file);
          continue;
        }
        // A stub entry that only imports the first paint's chunk is skipped: the page loads the chunk.
        const served = servedEntry(outputs, file);
        manifest[`${name}.js`] = relative(PACKS, served);
        if (output.cssBundle) manifest[`${name}.css`] = relative(PACKS, output.cssBundle);
        manifest[`${name}.imports`] = [...staticImports(served)].map((path) => relative(PACKS, path));
      }
      await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
    });
  },
};

/**
 * The URLPattern polyfill (urlpattern-polyfill): its own file, fetched only for a campaign in
 * URLPattern syntax in a browser without `URLPattern`, by the runtime's campaign matcher and by the
 * widget's campaigns chunk alike (src/shared/campaigns.ts `urlPatternFor`). Named `sdk-…` because
 * host pages import it too, which needs CORS (server/routes/packs.ts).
 */
const urlPatternOptions = {
  entryPoints: ['urlpattern-polyfill/urlpattern'],
  outdir: PACKS,
  entryNames: 'js/sdk-urlpattern-[hash]',
  bundle: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  legalComments: 'none',
};

/**
 * The runtime's campaign matching: its own file, which the runtime fetches only for an inbox with
 * campaigns (src/sdk/runtime/lazyParts.ts), told the polyfill's name. Self-contained, so no chunk
 * is shared with the runtime.
 */
const sdkCampaignsOptions = (urlPattern) => ({
  entryPoints: ['src/sdk/runtime/campaigns.ts'],
  outdir: PACKS,
  entryNames: 'js/sdk-campaigns-[hash]',
  bundle: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  define: { __WREN_URL_PATTERN__: JSON.stringify(urlPattern) },
  legalComments: 'none',
});

/**
 * The runtime's notice of a chat that cannot load (src/sdk/runtime/notice/): its own file, which
 * the runtime fetches when the frame fails or loads (src/sdk/runtime/lazyParts.ts), with its
 * English words and told the hash of the other languages' (scripts/launcherStrings.mjs).
 * Self-contained, so no chunk is shared with the runtime.
 */
const sdkNoticeOptions = (noticeWordsHash) => ({
  entryPoints: ['src/sdk/runtime/notice/index.ts'],
  outdir: PACKS,
  entryNames: 'js/sdk-notice-[hash]',
  bundle: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  charset: 'utf8',
  plugins: [cssTextPlugin(), launcherStringsPlugin()],
  define: { __WREN_NOTICE_WORDS__: JSON.stringify(noticeWordsHash) },
  legalComments: 'none',
});

/**
 * The loader's runtime: loaded by sdk.js on intent, so it gets a content hash. It carries the
 * loader's English strings and is told the names of its lazy parts: the campaign matcher, the
 * notice and the other languages' strings.
 */
const sdkRuntimeOptions = ({ campaignMatcher, notice, launcherStringsHash }) => ({
  entryPoints: ['src/sdk/runtime/index.ts'],
  outdir: PACKS,
  entryNames: 'js/sdk-runtime-[hash]',
  bundle: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  charset: 'utf8',
  plugins: [cssTextPlugin(), launcherStringsPlugin(), manifestPlugin],
  define: {
    __WREN_CAMPAIGN_MATCHER__: JSON.stringify(campaignMatcher),
    __WREN_NOTICE__: JSON.stringify(notice),
    __WREN_LAUNCHER_STRINGS__: JSON.stringify(launcherStringsHash),
  },
  legalComments: 'none',
});

/** The loader itself: a stable name every host page references, told the runtime's name. */
const sdkOptions = (runtimeFile) => ({
  entryPoints: ['src/sdk/index.ts'],
  outfile: join(PACKS, 'js/sdk.js'),
  bundle: true,
  format: 'iife',
  minify: true,
  target: BROWSER_TARGET,
  plugins: [cssTextPlugin()],
  define: { __WREN_RUNTIME__: JSON.stringify(runtimeFile) },
  legalComments: 'none',
  // tsconfig's `strict` would prefix the IIFE with "use strict": bytes every page view pays for a
  // check tsc has already made.
  tsconfigRaw: { compilerOptions: { alwaysStrict: false } },
});

/**
 * `localesHash`: the hash the widget's locale files share (scripts/widgetLocales.mjs); `urlPattern`:
 * the URLPattern polyfill's file, in `js/` beside the build's folder.
 */
const widgetOptions = (localesHash, urlPattern) => ({
  // No stylesheet entry: the first paint's CSS is text inside its script (src/widget/boot/styles.ts).
  entryPoints: ['src/widget/main.tsx'],
  outdir: PACKS,
  entryNames: '[ext]/widget-[hash]',
  chunkNames: 'js/chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  jsx: 'automatic',
  jsxImportSource: 'react',
  alias: ALIASES,
  // Locale strings stay readable UTF-8 instead of \u escapes: smaller before compression too.
  charset: 'utf8',
  loader: { '.svg': 'text' },
  define: { __WREN_LOCALES__: JSON.stringify(localesHash), __WREN_URL_PATTERN__: JSON.stringify(urlPattern) },
  // The scripts go into one folder per build, written by buildFolderPlugin (scripts/buildFolder.mjs).
  write: false,
  legalComments: 'none',
  // The lazy chunks under their names in the chunk plan (scripts/buildFolder.mjs); the emoji
  // picker's data, trimmed from emojibase-data as the picker's chunks are built; the first paint's
  // share of the English strings (scripts/firstPaintStrings.mjs); the first paint in one chunk
  // instead of nine (scripts/firstPaintChunk.mjs).
  plugins: [
    // First: the plugins after it see the files where they went.
    buildFolderPlugin({ packs: PACKS, chunkName: plannedName }),
    cssTextPlugin(),
    emojiDataPlugin(EXPECTED_LOCALES),
    // Before the strings' plugin: the lazy import of English's rest (`en.json?rest`) is a lazy
    // chunk like any other, which this plugin must see first to have it import the entry.
    // The plan's modules carried in the first paint, and its chunks every open fetches: each
    // should be one request (src/widget/chunks/plan.ts).
    firstPaintChunkPlugin('src/widget/main.tsx', { alsoFirstPaint: firstPaint.modules, prefetched: prefetchedModules }),
    firstPaintStringsPlugin(),
    manifestPlugin,
  ],
});

/**
 * The agent console: a demo and test aid the reference server serves at `/agent`. One file and
 * one stylesheet, no lazy chunks: it is never loaded by a visitor, so no widget budget counts it.
 */
const agentOptions = {
  entryPoints: ['src/agent/main.tsx'],
  outdir: PACKS,
  entryNames: '[ext]/agent-[hash]',
  bundle: true,
  format: 'esm',
  minify: true,
  metafile: true,
  target: BROWSER_TARGET,
  jsx: 'automatic',
  jsxImportSource: 'react',
  alias: ALIASES,
  charset: 'utf8',
  legalComments: 'none',
  plugins: [manifestPlugin],
};

const PACKAGE = 'packages/wren-chat';

/**
 * The npm package: the core and each adapter an ES module of its own. The adapters import the
 * core by its package name and their framework as the app has it, so none of them carries
 * another's code; React's says "use client" for Next.js's App Router.
 */
const packageOptions = (entry, extra = {}) => ({
  entryPoints: [`${PACKAGE}/src/${entry}.ts`],
  outfile: `${PACKAGE}/dist/${entry}.js`,
  bundle: true,
  format: 'esm',
  minify: true,
  target: BROWSER_TARGET,
  external: ['wren-chat', 'react', 'preact', 'preact/hooks'],
  legalComments: 'none',
  ...extra,
});

/** The package's declarations: one self-contained .d.ts per entry, from the sources' own types. */
async function writePackageTypes() {
  const entries = ['index', 'react', 'preact', 'globals'];
  const bundles = generateDtsBundle(
    entries.map((entry) => ({
      filePath: `${PACKAGE}/src/${entry}.ts`,
      // Only the globals entry declares `window`'s: an app that imports the core gets no snippet globals.
      output: { noBanner: true, exportReferencedTypes: false, inlineDeclareGlobals: entry === 'globals' },
      libraries: { importedLibraries: ['react', 'preact'] },
    })),
    { preferredConfigPath: `${PACKAGE}/tsconfig.json` },
  );
  await Promise.all(entries.map((entry, i) => writeFile(`${PACKAGE}/dist/${entry}.d.ts`, bundles[i])));
}

async function buildPackage() {
  await rm(`${PACKAGE}/dist`, { recursive: true, force: true });
  await Promise.all([
    build(packageOptions('index')),
    build(packageOptions('react', { banner: { js: '"use client";' } })),
    build(packageOptions('preact')),
  ]);
  await writePackageTypes();
}

const serverOptions = {
  entryPoints: ['./server/server.ts', './server/backupCommand.ts'],
  outdir: join(DIST, 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
};

/**
 * Which files the first paint loads is the manifest's to say (the entry's static imports), not a
 * file glob's:
 * these folders gather the files of each measured whole for `.size-limit.json`.
 *   size/first-paint  the widget entry (its stylesheet inside) and every chunk it imports statically
 *   size/everything   everything the widget can ever load, with one locale (en)
 */
async function writeSizeViews() {
  const manifest = JSON.parse(await readFile(join(PACKS, 'manifest.json'), 'utf8'));
  const locales = new Set(EXPECTED_LOCALES);
  // The build's folder (scripts/buildFolder.mjs): the first paint's script is one of its files.
  const folder = dirname(manifest['widget.js']);
  const chunks = (await readdir(join(PACKS, folder))).filter((f) => f.endsWith('.js')).map((f) => `${folder}/${f}`);
  // A locale's strings, or its emoji names (scripts/emojiData.mjs): only en's count.
  const isOtherLocale = (file) => {
    const name = basename(file, '.js');
    return (locales.has(name) && name !== 'en') || (name.startsWith('emoji-names-') && name !== 'emoji-names-en');
  };
  const views = {
    'first-paint': [manifest['widget.js'], ...manifest['widget.imports']],
    everything: [manifest['widget.js'], ...chunks.filter((f) => !isOtherLocale(f))],
  };
  const firstPaintCode = await Promise.all(views['first-paint'].map((f) => readFile(join(PACKS, f), 'utf8')));
  checkFirstPaintKeys(firstPaintCode, Object.keys(JSON.parse(await readFile('locales/en.json', 'utf8'))));
  for (const [name, files] of Object.entries(views)) {
    const dir = join(DIST, 'size', name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await Promise.all(files.map((file) => copyFile(join(PACKS, file), join(dir, file.replaceAll('/', '__')))));
  }
}

/** Fails the build when its lazy chunks are not the chunk plan's (scripts/chunkPlan.mjs). */
function checkChunkPlan(metafile) {
  const problems = chunkPlanProblems(metafile);
  if (problems.length > 0) throw new Error(`The widget's lazy chunks are not its chunk plan's:\n  ${problems.join('\n  ')}`);
}

/**
 * Fails the build when a widget chunk names a string that reaches it with no share of English
 * (scripts/firstPaintStrings.mjs `checkLazyChunkKeys`): it would show as its key.
 */
async function checkChunkKeys(metafile) {
  const keys = Object.keys(JSON.parse(await readFile('locales/en.json', 'utf8')));
  const chunks = await Promise.all(
    chunkShares(metafile).map(async ({ file, parts }) => ({ file: relative(PACKS, file), code: await readFile(file, 'utf8'), parts })),
  );
  checkLazyChunkKeys(chunks, keys);
}

/**
 * The widget's metafile as it is kept: its outputs named inside the dist folder (`packs/js/…`), not
 * from the working directory, so two builds into two folders write the same file.
 */
function metafileInDist({ inputs, outputs }) {
  const inDist = (path) => relative(DIST, path).split(sep).join('/');
  const entries = Object.entries(outputs).map(([file, output]) => [
    inDist(file),
    {
      ...output,
      imports: output.imports.map((i) => (i.external ? i : { ...i, path: inDist(i.path) })),
      ...(output.cssBundle ? { cssBundle: inDist(output.cssBundle) } : {}),
    },
  ]);
  return { inputs, outputs: Object.fromEntries(entries) };
}

/**
 * Copies the logo under a content hash, so it is cached for good like every hashed file under
 * /packs, and names it in the manifest (`logo.svg`) for the server to find.
 */
async function writeLogo() {
  const svg = await readFile(LOGO);
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 8).toUpperCase();
  const file = `assets/logo-${hash}.svg`;
  await mkdir(join(PACKS, 'assets'), { recursive: true });
  await writeFile(join(PACKS, file), svg);
  const manifestFile = join(PACKS, 'manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8').catch(() => '{}'));
  await writeFile(manifestFile, JSON.stringify({ ...manifest, 'logo.svg': file }, null, 2));
}

async function clean() {
  await rm(PACKS, { recursive: true, force: true });
  await mkdir(join(PACKS, 'js'), { recursive: true });
}

async function listFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`) copy of every text asset: the server
 * sends them as they are, so no request pays for compression and the bytes on the wire are
 * the bytes the budgets count.
 */
async function precompress() {
  const files = (await listFiles(PACKS)).filter((f) => /\.(js|css|json|svg)$/.test(f));
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      await writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }),
  );
}

/** Prints raw, gzip and brotli sizes of everything under dist/packs. */
async function printSizeTable() {
  const files = (await listFiles(PACKS)).filter((f) => /\.(js|css)$/.test(f)).sort();
  const kb = (n) => `${(n / 1024).toFixed(2)} KB`.padStart(10);
  const rows = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const brotli = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return `${relative(PACKS, file).padEnd(48)}${kb(bytes.length)}${kb(gzipSync(bytes, { level: 9 }).length)}${kb(brotli)}`;
    }),
  );
  console.log(`${'file'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const row of rows) console.log(row);
}

/** The one JavaScript file a build without splitting wrote, relative to `dir`. */
const builtFile = (metafile, dir = PACKS) =>
  relative(
    dir,
    Object.keys(metafile.outputs).find((f) => f.endsWith('.js')),
  );

/** Builds the URLPattern polyfill; its file's name in `js/`. */
async function buildUrlPattern() {
  const { metafile } = await build(urlPatternOptions);
  return builtFile(metafile, join(PACKS, 'js'));
}

/**
 * Builds what the runtime names: its campaign matcher (told the polyfill's name), its notice (told
 * the hash of its words) and the loader's strings.
 */
async function runtimeParts(urlPattern) {
  const [campaigns, notice, launcherStringsHash] = await Promise.all([
    build(sdkCampaignsOptions(urlPattern)),
    writeNoticeWords('locales', PACKS, OTHER_LOCALES).then((hash) => build(sdkNoticeOptions(hash))),
    writeLoaderStrings(),
  ]);
  const js = join(PACKS, 'js');
  return { campaignMatcher: builtFile(campaigns.metafile, js), notice: builtFile(notice.metafile, js), launcherStringsHash };
}

/** Every locale but English, which the widget and the runtime carry themselves. */
const OTHER_LOCALES = EXPECTED_LOCALES.filter((locale) => locale !== 'en');

/** The loader's strings in every language but English; their hash. */
const writeLoaderStrings = () => writeLauncherStrings('locales', PACKS, OTHER_LOCALES);

/** Builds the runtime's parts, then the runtime (told their names), then sdk.js (told the runtime's). */
async function buildLoader(urlPattern) {
  const { metafile } = await build(sdkRuntimeOptions(await runtimeParts(urlPattern)));
  await build(sdkOptions(builtFile(metafile)));
}

async function main() {
  await clean();
  if (WATCH) {
    await writeLogo();
    const urlPattern = await buildUrlPattern();
    // The locale files are written once: restart `npm run dev` after changing a locale but English.
    const widget = widgetOptions(await writeWidgetLocales('locales', PACKS, OTHER_LOCALES), urlPattern);
    const contexts = await Promise.all([widget, agentOptions, serverOptions].map((o) => context(o)));
    await Promise.all(contexts.map((c) => c.watch()));
    // sdk.js embeds the runtime's hashed name, so it is rebuilt after every runtime build.
    const rebuildLoader = {
      name: 'loader',
      // Awaited, not returned: esbuild takes what an onEnd callback returns for its own result.
      setup: (b) =>
        b.onEnd(async (r) => {
          if (r.metafile) await build(sdkOptions(builtFile(r.metafile))).catch(console.error);
        }),
    };
    // The runtime's parts are built once: restart `npm run dev` after changing campaign matching, the notice or the strings.
    const runtimeOptions = sdkRuntimeOptions(await runtimeParts(urlPattern));
    await (await context({ ...runtimeOptions, plugins: [...runtimeOptions.plugins, rebuildLoader] })).watch();
    console.log('watching src/, server/ … (Ctrl+C to stop)');
    return;
  }
  // Sequential: the manifest is written by several steps and must not race.
  const urlPattern = await buildUrlPattern();
  await buildLoader(urlPattern);
  const widget = await build(widgetOptions(await writeWidgetLocales('locales', PACKS, OTHER_LOCALES), urlPattern));
  // For esbuild's bundle analyser, or `node -p` over it: which module went into which chunk.
  await writeFile(join(DIST, 'widget-meta.json'), JSON.stringify(metafileInDist(widget.metafile)));
  checkChunkPlan(widget.metafile);
  await checkChunkKeys(widget.metafile);
  await writeLogo();
  await build(agentOptions);
  await build(serverOptions);
  await buildPackage();
  // terser after esbuild (scripts/terse.mjs), on what visitors and apps run: not the agent console;
  // a production build's step (`--watch` serves esbuild's output as it is).
  await terseScripts(join(PACKS, 'js'), { iife: ['sdk.js'], skip: /^agent-/ });
  await terseScripts(join(PACKAGE, 'dist'));
  await writeSizeViews();
  await precompress();
  if (!QUIET) await printSizeTable();
  const { size } = await stat(join(PACKS, 'manifest.json'));
  if (!size) throw new Error('manifest.json is empty');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
