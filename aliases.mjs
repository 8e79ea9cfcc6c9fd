/**
 * The one alias table: the widget is written against React's API and `@preact/signals-react`,
 * and ships Preact. `build.mjs` (esbuild) and `vitest.config.mjs` both read this, so the tests
 * run the same Preact the visitors get.
 *
 * `react` and `react-dom/client` map to small shims over Preact's core (see src/preact-shims);
 * the rest of `react-dom` (only Testing Library uses it) maps to `preact/compat`.
 * Entries are exact module names, most specific first.
 */
export const ALIASES = {
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
  'react-dom/client': './src/preact-shims/react-dom-client.ts',
  'react-dom/test-utils': 'preact/test-utils',
  react: './src/preact-shims/react.ts',
  'react-dom': 'preact/compat',
  '@preact/signals-react': '@preact/signals',
};

/** The same table as Vite/Vitest resolve rules (exact matches, in order). */
export function viteAliases() {
  return Object.entries(ALIASES).map(([from, to]) => ({
    find: new RegExp(`^${from.replace(/[/.@-]/g, (c) => `\\${c}`)}$`),
    replacement: to.startsWith('./') ? new URL(to, import.meta.url).pathname : to,
  }));
}
