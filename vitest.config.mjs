import { defineConfig } from 'vitest/config';
import { viteAliases } from './aliases.mjs';

/** As in build.mjs: a lazy chunk's `*.chunk.css` is imported as its text. */
const VIRTUAL = '\0chunk-css:';
const chunkCssAsText = {
  name: 'chunk-css-as-text',
  enforce: 'pre',
  // A virtual id that does not end in .css keeps Vite's own CSS handling away from it.
  async resolveId(source, importer) {
    if (!source.endsWith('.chunk.css') || !importer) return null;
    const { resolve, dirname } = await import('node:path');
    return `${VIRTUAL}${resolve(dirname(importer), source)}.js`;
  },
  async load(id) {
    if (!id.startsWith(VIRTUAL)) return null;
    const { readFile } = await import('node:fs/promises');
    return `export default ${JSON.stringify(await readFile(id.slice(VIRTUAL.length, -3), 'utf8'))};`;
  },
};

/**
 * As in build.mjs: `locales/en.json?first-paint` is the first paint's share of the strings,
 * `locales/en.json?<part>` a lazy part's own (scripts/firstPaintStrings.mjs), `locales/en.json?rest`
 * the widget's others, `locales/en.json?launcher` the loader's and `locales/en.json?notice` its
 * notice's (scripts/launcherStrings.mjs).
 */
const SHARE = /^\0([\w-]+)-strings:(.*)\.js$/;
const firstPaintStrings = {
  name: 'first-paint-strings',
  enforce: 'pre',
  async resolveId(source, importer) {
    const { SHARE_QUERY } = await import('./scripts/firstPaintStrings.mjs');
    const query = (SHARE_QUERY.exec(source) ?? /\.json\?(launcher|notice)$/.exec(source))?.[1];
    if (!query || !importer) return null;
    const { resolve, dirname } = await import('node:path');
    return `\0${query}-strings:${resolve(dirname(importer), source.slice(0, -query.length - 1))}.js`;
  },
  async load(id) {
    const [, share, file] = SHARE.exec(id) ?? [];
    if (!share) return null;
    const { readFile } = await import('node:fs/promises');
    const { firstPaintStrings: firstPaint, restStrings: rest, partStrings } = await import('./scripts/firstPaintStrings.mjs');
    const { launcherStrings: launcher, noticeWords: notice } = await import('./scripts/launcherStrings.mjs');
    const strings = JSON.parse(await readFile(file, 'utf8'));
    const whole = { 'first-paint': firstPaint, rest, launcher, notice }[share];
    return `export default ${JSON.stringify(whole ? whole(strings) : partStrings(strings, share))};`;
  },
};

/** As in build.mjs: the emoji picker's data, trimmed from emojibase-data (scripts/emojiData.mjs). */
const EMOJI = '\0emoji-data:';
const emojiData = {
  name: 'emoji-data',
  enforce: 'pre',
  async resolveId(source) {
    const { EMOJI_DATA_ID } = await import('./scripts/emojiData.mjs');
    return EMOJI_DATA_ID.test(source) ? `${EMOJI}${source}.js` : null;
  },
  async load(id) {
    if (!id.startsWith(EMOJI)) return null;
    const [{ emojiDataSource }, { EXPECTED_LOCALES }] = await Promise.all([
      import('./scripts/emojiData.mjs'),
      import('./scripts/checkLocales.mjs'),
    ]);
    return emojiDataSource(EXPECTED_LOCALES).load(id.slice(EMOJI.length, -3)).contents;
  },
};

/**
 * As in build.mjs: a locale's strings but English, which the widget (and the loader's notice its
 * words) imports by an address built from the hash the build gives the files
 * (scripts/widgetLocales.mjs, scripts/launcherStrings.mjs); here the locale file itself.
 */
const TEST_LOCALES_HASH = 'TESTHASH';
const LOCALE_FILE = new RegExp(`/(locales|notice)/(\\w+)-${TEST_LOCALES_HASH}\\.js$`);
const widgetLocales = {
  name: 'widget-locales',
  enforce: 'pre',
  resolveId(source) {
    const [, share, locale] = LOCALE_FILE.exec(source) ?? [];
    return locale ? `\0${share}-locale:${locale}.js` : null;
  },
  async load(id) {
    const [, share, locale] = /^\0(locales|notice)-locale:(\w+)\.js$/.exec(id) ?? [];
    if (!locale) return null;
    const { readFile } = await import('node:fs/promises');
    const { widgetStrings } = await import('./scripts/widgetLocales.mjs');
    const { noticeWords } = await import('./scripts/launcherStrings.mjs');
    const strings = JSON.parse(await readFile(`locales/${locale}.json`, 'utf8'));
    return `export default ${JSON.stringify(share === 'notice' ? noticeWords(strings) : widgetStrings(strings))};`;
  },
};

/**
 * As in build.mjs: the URLPattern polyfill, which the widget imports by an address built from the
 * name the build gives its file (src/widget/chunks/urlPattern.ts); here the package itself.
 */
const TEST_URL_PATTERN = 'sdk-urlpattern-TESTHASH.js';
const urlPatternPolyfill = {
  name: 'url-pattern-polyfill',
  enforce: 'pre',
  resolveId(source, importer) {
    return source.endsWith(`/${TEST_URL_PATTERN}`) ? this.resolve('urlpattern-polyfill/urlpattern', importer) : null;
  },
};

/** The npm package imports its core by name (packages/wren-chat/src/react.ts): here, its source. */
const wrenChat = { find: /^wren-chat$/, replacement: new URL('./packages/wren-chat/src/index.ts', import.meta.url).pathname };

export default defineConfig({
  plugins: [chunkCssAsText, firstPaintStrings, emojiData, widgetLocales, urlPatternPolyfill],
  define: {
    __WREN_LOCALES__: JSON.stringify(TEST_LOCALES_HASH),
    __WREN_NOTICE_WORDS__: JSON.stringify(TEST_LOCALES_HASH),
    __WREN_URL_PATTERN__: JSON.stringify(TEST_URL_PATTERN),
  },
  resolve: {
    alias: [
      wrenChat,
      ...viteAliases(),
      // Testing Library's CommonJS build `require`s react-dom past Vite's resolver; its ES build
      // goes through the alias table like our own code does.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  // Vite 8 transforms with Oxc (vitest sets its options, so an `esbuild` key is ignored with a warning).
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    environment: 'node',
    globals: true,
    setupFiles: ['tests/setup.ts'],
    server: { deps: { inline: ['@testing-library/react'] } },
    // The server's tests run twice: on SQLite (with everything else) and on PostgreSQL, which
    // `servicesSetup.ts` starts from Debian's package with a Redis beside it. The scaled mode's
    // own tests (several servers on one PostgreSQL and one Redis) run in the second project only.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/server/scaled/**', 'tests/packages/react/**'] },
      },
      // The package's React components under React itself: none of the aliases above, which make
      // `react` Preact for the widget.
      {
        resolve: { alias: [wrenChat] },
        test: { name: 'react', environment: 'node', globals: true, include: ['tests/packages/react/**/*.test.{ts,tsx}'] },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/server/**/*.test.ts'],
          // SQLite's online backup API has no PostgreSQL counterpart (there, pg_dump is the tool);
          // tests/server/sqlite/ is about SQLite's own machinery.
          exclude: ['tests/server/backup.test.ts', 'tests/server/sqlite/**'],
          globalSetup: ['tests/server/engines/servicesSetup.ts'],
          // Each test clones a database and some start real servers: more room than on SQLite.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
