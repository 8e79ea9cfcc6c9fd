/** The modules the widget's first paint runs (absolute paths). */
export function firstPaintModules(entry?: string): string[];
/** The locales/en.json keys those modules name, sorted. */
export function firstPaintKeys(en?: Record<string, string>): string[];
