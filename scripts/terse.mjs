/**
 * A second minifier over what esbuild wrote: terser, on every script a visitor's browser or an
 * app's bundle runs (docs/performance.md#sizes).
 *
 * esbuild minifies as it bundles, fast, but it does not look across statements: it never inlines a
 * function called once, folds a variable into its only use, or joins the `const`s a module
 * declares. terser does, and its mangler hands the shortest names to the most used bindings.
 * Measured on the build of 2 December 2026, brotli: the first paint 23,739 → 23,060 B, the
 * conversation view 7,964 → 7,751 B, the loader's runtime 6,784 → 6,513 B, everything the
 * widget can load 87.8 → 85.5 KB, about 3 % on code everywhere. Only terser's safe transforms
 * run, but for one on sdk.js (see `options`); never `pure_getters`: reading a signal's `.value`
 * subscribes, so a read must never be dropped as if it did nothing.
 *
 * Data modules (a locale's strings, the emoji names) are left as esbuild wrote them: terser finds
 * nothing to fold there, and its string quoting made the emoji names 185 B larger.
 * A file keeps its name: esbuild's content hash, the build's folder (scripts/buildFolder.mjs)
 * and sdk.js's name for its runtime were all taken before this pass, from the same sources, so
 * two builds of one tree still give the same bytes.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minify } from 'terser';

/** Scripts that are data: the widget's and the loader's strings per locale (the notice's words too), the emoji names. */
const DATA = /(^|\/)(locales|launcher|notice)\/|(^|\/)emoji-names-[^/]*\.js$/;

/**
 * terser's options for one script: `module` for an ES module, false for sdk.js's IIFE. sdk.js
 * alone also has its function expressions made arrows (`unsafe_arrows`, 15 B of every page
 * view): unsafe only for a function something constructs with `new`, and the loader is our own
 * code, which constructs classes only; the widget's bundles carry libraries, which may.
 */
const options = (module) => ({
  module,
  // Every browser the build targets (build.mjs's BROWSER_TARGET) runs ES2020.
  ecma: 2020,
  // `directives`: the React adapter's "use client" (Next.js's App Router) is no directive terser knows.
  compress: { passes: 2, directives: false, unsafe_arrows: !module },
  format: { comments: false },
});

/** Rewrites `file` through terser; `module` says whether it is an ES module. */
async function terseFile(file, module) {
  const { code } = await minify(await readFile(file, 'utf8'), options(module));
  await writeFile(file, code);
}

/**
 * Every code script under `dir` (recursively) but those `skip` matches: ES modules, except
 * `iife`, the names (relative to `dir`) of classic scripts.
 */
export async function terseScripts(dir, { iife = [], skip } = {}) {
  const files = (await readdir(dir, { recursive: true })).map((f) => f.split('\\').join('/'));
  const scripts = files.filter((f) => f.endsWith('.js') && !DATA.test(f) && !skip?.test(f));
  // One at a time: the machines building this have two cores, and terser is single-threaded anyway.
  for (const file of scripts) await terseFile(join(dir, file), !iife.includes(file));
}
