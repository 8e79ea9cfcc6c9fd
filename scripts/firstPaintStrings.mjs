// The interface strings the widget's first paint uses (docs/architecture.md#budgets): the
// locales/en.json keys written as string literals in the modules that src/widget/main.tsx
// imports statically, directly or not. build.mjs puts only these English strings in the first
// paint; every lazy view loads the whole English file before it renders (src/widget/i18n).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The modules the first paint runs: static, non-type imports from the entry, transitively. */
export function firstPaintModules(entry = resolve(ROOT, 'src/widget/main.tsx')) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)) {
      const base = resolve(dirname(file), match[1]);
      const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((path) => /\.tsx?$/.test(path) && existsSync(path));
      if (found) walk(found);
    }
  };
  walk(entry);
  return [...seen];
}

/** The en.json keys those modules name. */
export function firstPaintKeys(en = JSON.parse(readFileSync(resolve(ROOT, 'locales/en.json'), 'utf8'))) {
  const keys = new Set();
  for (const file of firstPaintModules()) {
    for (const match of readFileSync(file, 'utf8').matchAll(/'([A-Z][A-Z_0-9]*(?:\.[A-Z_0-9]+)*)'/g)) {
      if (Object.hasOwn(en, match[1])) keys.add(match[1]);
    }
  }
  return [...keys].sort();
}
