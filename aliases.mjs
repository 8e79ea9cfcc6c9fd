/**
 * The one alias table: the widget is written against React's API and `@preact/signals-react`,
 * and ships Preact. `build.mjs` (esbuild) and `vitest.config.mjs` both read this, so the tests
 * run the same Preact the visitors get.
 */
export const ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  '@preact/signals-react': '@preact/signals',
};

/**
 * The same table as Vite/Vitest resolve rules. esbuild maps sub-paths (`react-dom/client`,
 * `react/jsx-runtime`) by itself; Vite needs them spelled as patterns.
 */
export function viteAliases() {
  return Object.entries(ALIASES).map(([from, to]) => ({
    find: new RegExp(`^${from.replace(/[/.@-]/g, (c) => `\\${c}`)}(/.*)?$`),
    replacement: `${to}$1`,
  }));
}
