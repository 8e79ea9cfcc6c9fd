/**
 * The loader's strings: what Wren shows on the host page itself (the launcher's names, the chat
 * frame's title, the "chat unavailable" notice), in every locale.
 *
 * They live in `locales/*.json` with the widget's, under `LAUNCHER.*` (plus two keys the widget
 * shows too), so `npm run locales:check` keeps all 39 in step. sdk.js carries none of them but
 * English's launcher names (its budget is 3 KB); the runtime carries English and fetches any other
 * language as one small file, `js/launcher/<locale>-<hash>.js`, which the build writes here. One
 * hash covers every locale, so the runtime needs to know only that hash.
 */
import { readFile } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { writeLocaleModules } from './localeModules.mjs';

/** Each string the loader shows, by the name the runtime knows it by, and its locale key. */
export const LAUNCHER_KEYS = {
  label: 'CHAT_WITH_US',
  open: 'LAUNCHER.OPEN',
  close: 'HEADER.CLOSE',
  frame: 'LAUNCHER.FRAME',
  unavailable: 'LAUNCHER.UNAVAILABLE',
  unavailableDetail: 'LAUNCHER.UNAVAILABLE_DETAIL',
};

/** The import suffix that asks for a locale file's loader strings (`locales/en.json?launcher`). */
export const LAUNCHER_QUERY = '?launcher';

/** Where the files go under the packs folder, and the runtime's template for them. */
export const LAUNCHER_DIR = 'js/launcher';

/** A locale's loader strings, by their runtime names. */
export function launcherStrings(strings) {
  return Object.fromEntries(Object.entries(LAUNCHER_KEYS).map(([name, key]) => [name, strings[key]]));
}

/**
 * Writes one module per locale into `<packsDir>/js/launcher/` and returns the hash their names
 * share (scripts/localeModules.mjs).
 */
export const writeLauncherStrings = (localesDir, packsDir, locales) =>
  writeLocaleModules({ localesDir, packsDir, dir: LAUNCHER_DIR, locales, pick: launcherStrings });

/** esbuild plugin: `…/en.json?launcher` resolves to that locale file's loader strings. */
export function launcherStringsPlugin() {
  return {
    name: 'launcher-strings',
    setup(b) {
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onResolve({ filter: /\.json\?launcher$/ }, async (args) => {
        const resolved = await b.resolve(args.path.slice(0, -LAUNCHER_QUERY.length), { kind: args.kind, resolveDir: args.resolveDir });
        if (resolved.errors.length) return { errors: resolved.errors };
        // Relative to the working directory, so the runtime's hash is the same in every checkout.
        return { path: relative(cwd, resolved.path).split(sep).join('/'), namespace: 'launcher-strings' };
      });
      b.onLoad({ filter: /.*/, namespace: 'launcher-strings' }, async (args) => ({
        contents: JSON.stringify(launcherStrings(JSON.parse(await readFile(resolve(cwd, args.path), 'utf8')))),
        loader: 'json',
      }));
    },
  };
}
