/**
 * The loader's strings: what Wren shows on the host page itself (the launcher's names, the chat
 * frame's title, the notice of a chat that cannot load), in every locale.
 *
 * They live in `locales/*.json` with the widget's, under `LAUNCHER.*` (plus two keys the widget
 * shows too), so `npm run locales:check` keeps all 39 in step. sdk.js carries none of them but
 * English's launcher names (its budget is 3 KB); the runtime carries English and fetches any other
 * language as one small file, `js/launcher/<locale>-<hash>.js`, which the build writes here. One
 * hash covers every locale, so the runtime needs to know only that hash. The notice's words are a
 * share of their own, `js/notice/<locale>-<hash>.js`, fetched by the notice's lazy part
 * (src/sdk/runtime/notice/): a launcher that loads needs none of them.
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
};

/** Each word of the notice of a chat that cannot load, by the name the notice knows it by, and its locale key. */
export const NOTICE_KEYS = {
  heading: 'LAUNCHER.UNAVAILABLE',
  unreachable: 'LAUNCHER.UNREACHABLE',
  refused: 'LAUNCHER.REFUSED',
  waiting: 'LAUNCHER.WAITING',
  file: 'LAUNCHER.WAITING_FILE',
};

/** The two shares: each one's keys and where its files go under the packs folder. */
const SHARES = {
  launcher: { keys: LAUNCHER_KEYS, dir: 'js/launcher' },
  notice: { keys: NOTICE_KEYS, dir: 'js/notice' },
};

/** The import suffix that asks for a locale file's loader strings (`locales/en.json?launcher`). */
export const LAUNCHER_QUERY = '?launcher';

/** Where the files go under the packs folder, and the runtime's template for them. */
export const LAUNCHER_DIR = SHARES.launcher.dir;

const pick = (keys, strings) => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, strings[key]]));

/** A locale's loader strings, by their runtime names. */
export const launcherStrings = (strings) => pick(LAUNCHER_KEYS, strings);

/** A locale's notice words, by the notice's names. */
export const noticeWords = (strings) => pick(NOTICE_KEYS, strings);

/**
 * Writes one module per locale into `<packsDir>/js/launcher/` and returns the hash their names
 * share (scripts/localeModules.mjs).
 */
export const writeLauncherStrings = (localesDir, packsDir, locales) =>
  writeLocaleModules({ localesDir, packsDir, dir: LAUNCHER_DIR, locales, pick: launcherStrings });

/** The same for the notice's words, into `<packsDir>/js/notice/`. */
export const writeNoticeWords = (localesDir, packsDir, locales) =>
  writeLocaleModules({ localesDir, packsDir, dir: SHARES.notice.dir, locales, pick: noticeWords });

/** esbuild plugin: `…/en.json?launcher` resolves to that locale file's loader strings, `…/en.json?notice` to its notice words. */
export function launcherStringsPlugin() {
  return {
    name: 'launcher-strings',
    setup(b) {
      const cwd = b.initialOptions.absWorkingDir ?? process.cwd();
      b.onResolve({ filter: /\.json\?(launcher|notice)$/ }, async (args) => {
        const [file, share] = args.path.split('?');
        const resolved = await b.resolve(file, { kind: args.kind, resolveDir: args.resolveDir });
        if (resolved.errors.length) return { errors: resolved.errors };
        // Relative to the working directory, so the runtime's hash is the same in every checkout.
        return { path: relative(cwd, resolved.path).split(sep).join('/'), namespace: `${share}-strings` };
      });
      for (const [share, { keys }] of Object.entries(SHARES)) {
        b.onLoad({ filter: /.*/, namespace: `${share}-strings` }, async (args) => ({
          contents: JSON.stringify(pick(keys, JSON.parse(await readFile(resolve(cwd, args.path), 'utf8')))),
          loader: 'json',
        }));
      }
    },
  };
}
