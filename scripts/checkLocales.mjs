#!/usr/bin/env node
// Checks the interface translations in locales/ against locales/en.json (docs/behaviour.md#locales):
// the expected set of locale files, the same keys in the same order, non-empty string
// values, and the same `{placeholder}` names as English for every key.
// Usage: node scripts/checkLocales.mjs [dir]   (defaults to the repository's locales/)
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The 39 interface locales; keep in step with LOCALES in src/widget/i18n/index.ts. */
export const EXPECTED_LOCALES = [
  'ar',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fa',
  'fi',
  'fr',
  'he',
  'hi',
  'hu',
  'id',
  'is',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ml',
  'nl',
  'no',
  'pl',
  'pt_BR',
  'pt',
  'ro',
  'ru',
  'sk',
  'sr',
  'sv',
  'ta',
  'th',
  'tr',
  'uk',
  'vi',
  'zh_CN',
  'zh_TW',
];

export const DEFAULT_DIR = fileURLToPath(new URL('../locales/', import.meta.url));

/** The distinct `{name}` placeholders in a string, sorted; the same pattern `t()` fills. */
export function placeholders(text) {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
}

function readLocale(dir, file, problems) {
  let data;
  try {
    data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    problems.push(`${file}: cannot be read as JSON (${error.message})`);
    return null;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    problems.push(`${file}: must contain a flat JSON object of key → string`);
    return null;
  }
  return data;
}

function checkValues(file, data, problems) {
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') problems.push(`${file}: "${key}" must be a string, got ${value === null ? 'null' : typeof value}`);
    else if (value.trim() === '') problems.push(`${file}: "${key}" is empty`);
  }
}

/**
 * Checks every locale file in `dir` against `en.json` there and returns the problems found,
 * one human-readable line each; an empty list means the folder is consistent.
 */
export function checkLocales(dir = DEFAULT_DIR) {
  const problems = [];
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const present = new Set(files.map((f) => basename(f, '.json')));

  for (const locale of EXPECTED_LOCALES) {
    if (!present.has(locale)) problems.push(`${locale}.json: missing (expected one file per locale: ${EXPECTED_LOCALES.join(', ')})`);
  }
  for (const locale of [...present].sort()) {
    if (!EXPECTED_LOCALES.includes(locale))
      problems.push(`${locale}.json: unexpected locale file (not one of the ${EXPECTED_LOCALES.length} expected)`);
  }
  if (!present.has('en')) return problems;

  const en = readLocale(dir, 'en.json', problems);
  if (!en) return problems;
  checkValues('en.json', en, problems);
  const enKeys = Object.keys(en);

  for (const file of files.filter((f) => f !== 'en.json').sort()) {
    const data = readLocale(dir, file, problems);
    if (!data) continue;
    const keys = Object.keys(data);
    const missing = enKeys.filter((k) => !Object.hasOwn(data, k));
    const extra = keys.filter((k) => !Object.hasOwn(en, k));
    for (const key of missing) problems.push(`${file}: missing key "${key}"`);
    for (const key of extra) problems.push(`${file}: extra key "${key}" (not in en.json)`);
    if (missing.length === 0 && extra.length === 0 && keys.some((k, i) => k !== enKeys[i])) {
      problems.push(`${file}: keys are not in the same order as en.json`);
    }
    checkValues(file, data, problems);
    for (const key of enKeys) {
      const value = data[key];
      if (typeof value !== 'string' || typeof en[key] !== 'string') continue;
      const expected = placeholders(en[key]);
      const actual = placeholders(value);
      if (expected.join() !== actual.join()) {
        const show = (list) => (list.length ? list.map((p) => `{${p}}`).join(' ') : 'none');
        problems.push(`${file}: "${key}" has placeholders ${show(actual)}, en.json has ${show(expected)}`);
      }
    }
  }
  return problems;
}

function invokedDirectly() {
  if (!process.argv[1]) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const dir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_DIR;
  const problems = checkLocales(dir);
  if (problems.length > 0) {
    console.error(`Locale check failed: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${dir}`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }
  console.log(`Locale check passed: ${EXPECTED_LOCALES.length} locale files in ${dir} match en.json.`);
}
