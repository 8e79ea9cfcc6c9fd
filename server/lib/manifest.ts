/**
 * Reads `${PACKS_DIR}/manifest.json` (entry → content-hashed file, written by build.mjs),
 * re-reading only when the file changes so a rebuild is picked up without a restart.
 */
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Packs {
  manifest: Record<string, string>;
  /** Chunks the widget entry imports statically: the page preloads them alongside it. */
  widgetImports: string[];
  /**
   * Each locale's strings but English's, `js/locales/<locale>-<hash>.js` (src/widget/i18n/localeChunks.ts),
   * by locale: the first paint imports the page's locale at once, so the page preloads it.
   */
  localeStrings: Record<string, string>;
  /**
   * The branding footer's logo the build ships (`assets/logo-[hash].svg`) as a `data:` URL, when
   * it is there: the page carries it, so a first open fetches no file for it (docs/performance.md#budgets).
   */
  logo?: string;
}

/**
 * The built logo as a `data:` URL, or undefined when the manifest names none that can be read.
 * Only what would break the URL is escaped (double quotes become single ones; spaces stay, as
 * browsers take them), which keeps it a third shorter than `encodeURIComponent` would.
 */
function logoDataUrl(packsDir: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  try {
    const svg = readFileSync(join(packsDir, file), 'utf8').trim();
    return `data:image/svg+xml,${svg.replaceAll('"', "'").replace(/[<>#%\t\n\r]/g, encodeURIComponent)}`;
  } catch {
    return undefined;
  }
}

/** A locale's strings file (scripts/widgetLocales.mjs): `<locale>-<hash>.js`. */
const LOCALE_FILE = /^([a-z]{2,3}(?:_[A-Z]{2})?)-[A-Z0-9]+\.js$/;

/** The widget's locale files of a build, by locale; none before a build writes them. */
function localeStrings(packsDir: string): Record<string, string> {
  try {
    const files = readdirSync(join(packsDir, 'js/locales'));
    return Object.fromEntries(
      files.flatMap((file) => {
        const locale = LOCALE_FILE.exec(file)?.[1];
        return locale ? [[locale, `js/locales/${file}`]] : [];
      }),
    );
  } catch {
    return {};
  }
}

const cache = new Map<string, { mtimeMs: number; packs: Packs }>();

// Manifest values end up in HTML attributes; only plain relative paths are accepted.
const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The parsed manifest of `packsDir`, or null when it is missing or unreadable. */
export function readPacks(packsDir: string): Packs | null {
  const file = join(packsDir, 'manifest.json');
  try {
    const { mtimeMs } = statSync(file);
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.packs;
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!raw || typeof raw !== 'object') return null;
    const manifest = Object.fromEntries(
      Object.entries(raw as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && SAFE_PATH.test(entry[1]) && !entry[1].includes('..'),
      ),
    );
    const imports = (raw as Record<string, unknown>)['widget.imports'];
    const widgetImports = Array.isArray(imports)
      ? imports.filter((path): path is string => typeof path === 'string' && SAFE_PATH.test(path) && !path.includes('..'))
      : [];
    const packs = { manifest, widgetImports, localeStrings: localeStrings(packsDir), logo: logoDataUrl(packsDir, manifest['logo.svg']) };
    cache.set(file, { mtimeMs, packs });
    return packs;
  } catch {
    return null;
  }
}
