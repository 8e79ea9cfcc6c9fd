/**
 * English strings of features that live in lazy chunks (docs/architecture.md#loading-strategy).
 * The widget's first paint imports `locales/en.json` (its English and every locale's fallback);
 * a lazy feature's keys stay out of that import and travel with the feature's chunk instead:
 *
 *   import english from 'en-strings/PRECHAT';   // the keys of locales/en.json under "PRECHAT."
 *   addEnglish(english);                        // src/widget/i18n: t() finds them from now on
 *
 * Every other locale is a lazy chunk already and keeps all its keys. The locale files stay flat
 * and whole, so `npm run locales:check` and translators see nothing of this.
 * build.mjs uses `lazyStringsPlugin` (esbuild), vitest.config.mjs `lazyStringsVitePlugin`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Key prefixes whose English strings load with their feature's chunk, not with the first paint:
 * the pre-chat form, and the unread and campaign prompts (each a lazy view).
 */
export const LAZY_STRING_PREFIXES = ['PRECHAT.', 'UNREAD.', 'CAMPAIGN.'];

const EN_FILE = fileURLToPath(new URL('../locales/en.json', import.meta.url));
/** The one module whose `locales/en.json` import is the first paint's. */
const FIRST_PAINT_IMPORTER = /src[\\/]widget[\\/]i18n[\\/]index\.ts$/;
const MODULE = /^en-strings\/([A-Z_]+)$/;

const readEnglish = () => JSON.parse(readFileSync(EN_FILE, 'utf8'));
const isLazy = (key, prefixes) => prefixes.some((prefix) => key.startsWith(prefix));

/** The first paint's English: every key but those of lazy features. */
export function firstPaintEnglish(strings, prefixes = LAZY_STRING_PREFIXES) {
  return Object.fromEntries(Object.entries(strings).filter(([key]) => !isLazy(key, prefixes)));
}

/** One lazy feature's English: the keys under `prefix` (e.g. "PRECHAT."). */
export function lazyEnglish(strings, prefix, prefixes = LAZY_STRING_PREFIXES) {
  // A prefix missing from the list would ship its strings twice: in the first paint and here.
  if (!prefixes.includes(prefix)) throw new Error(`en-strings/${prefix.slice(0, -1)}: add "${prefix}" to LAZY_STRING_PREFIXES`);
  return Object.fromEntries(Object.entries(strings).filter(([key]) => key.startsWith(prefix)));
}

/** The JSON text a module id stands for, or undefined when it is none of ours. */
function moduleJson(id) {
  if (id === 'first-paint-en') return JSON.stringify(firstPaintEnglish(readEnglish()));
  const match = MODULE.exec(id);
  return match ? JSON.stringify(lazyEnglish(readEnglish(), `${match[1]}.`)) : undefined;
}

const isFirstPaintImport = (path, importer) => /(^|[\\/])locales[\\/]en\.json$/.test(path) && FIRST_PAINT_IMPORTER.test(importer ?? '');

/**
 * esbuild plugin: serves `en-strings/<PREFIX>` and the first paint's trimmed `en.json`. The
 * locale loader's `import(`…/${locale}.json`)` also names en.json, whose strings the first paint
 * has already; that copy is never fetched and is served empty rather than shipped twice (were it
 * ever loaded, `t()` would fall back to the first paint's English).
 */
export const lazyStringsPlugin = () => ({
  name: 'lazy-strings',
  setup(b) {
    b.onResolve({ filter: MODULE }, (args) => ({ path: args.path, namespace: 'en-strings' }));
    b.onResolve({ filter: /locales[\\/]en\.json$/ }, (args) =>
      isFirstPaintImport(args.path, args.importer) ? { path: 'first-paint-en', namespace: 'en-strings' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'en-strings' }, (args) => ({
      contents: moduleJson(args.path),
      loader: 'json',
      watchFiles: [EN_FILE],
    }));
    b.onLoad({ filter: /[\\/]locales[\\/]en\.json$/ }, () => ({ contents: '{}', loader: 'json' }));
  },
});

const VIRTUAL = '\0en-strings:';

/** The same for Vite (vitest), so tests see what visitors get. */
export const lazyStringsVitePlugin = () => ({
  name: 'lazy-strings',
  enforce: 'pre',
  resolveId(source, importer) {
    if (MODULE.test(source)) return `${VIRTUAL}${source}`;
    return isFirstPaintImport(source, importer) ? `${VIRTUAL}first-paint-en` : null;
  },
  load(id) {
    if (!id.startsWith(VIRTUAL)) return null;
    return `export default ${moduleJson(id.slice(VIRTUAL.length))};`;
  },
});
