/**
 * A share of every locale file as one small ES module per locale (`export default {…}`), all
 * named under one hash: `<dir>/<locale>-<hash>.js`. The code that loads them needs to know only
 * that hash and builds each name from the locale, where a content hash per file would cost it a
 * name per locale (the loader's strings, scripts/launcherStrings.mjs, and the widget's,
 * scripts/widgetLocales.mjs; docs/architecture.md#loading-strategy).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compactScriptModule } from './compactScript.mjs';

/**
 * A locale's module, its strings as the JSON `json`; with `restore` (scripts/compactScript.mjs),
 * each string is restored as the module loads. Written minified: no minifier sees these files.
 */
const localeModule = (json, restore) =>
  restore ? `const s=${json};for(const k in s)s[k]=s[k].replace(${restore});export default s;\n` : `export default ${json};\n`;

/**
 * Writes `pick(strings)` of each locale file in `localesDir` into `<packsDir>/<dir>/` and returns
 * the hash their names share: 8 characters of [A-Z0-9], like esbuild's, so the server caches them
 * as immutable (server/routes/packs.ts). Any change to any of them changes the hash.
 */
export async function writeLocaleModules({ localesDir, packsDir, dir, locales, pick }) {
  const modules = await Promise.all(
    locales.map(async (locale) => {
      const strings = pick(JSON.parse(await readFile(join(localesDir, `${locale}.json`), 'utf8')));
      return [locale, compactScriptModule(JSON.stringify(strings), localeModule)];
    }),
  );
  const digest = createHash('sha256');
  for (const [locale, code] of modules) digest.update(`${locale}\0${code}`);
  const hash = BigInt(`0x${digest.digest('hex').slice(0, 12)}`)
    .toString(36)
    .toUpperCase()
    .padStart(8, '0')
    .slice(-8);
  await mkdir(join(packsDir, dir), { recursive: true });
  await Promise.all(modules.map(([locale, code]) => writeFile(join(packsDir, dir, `${locale}-${hash}.js`), code)));
  return hash;
}
