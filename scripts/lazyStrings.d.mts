/** Types for scripts/lazyStrings.mjs, so TypeScript tests can import it. */
export declare const LAZY_STRING_PREFIXES: string[];
export declare function firstPaintEnglish(strings: Record<string, string>, prefixes?: string[]): Record<string, string>;
export declare function lazyEnglish(strings: Record<string, string>, prefix: string, prefixes?: string[]): Record<string, string>;
export declare function lazyStringsPlugin(): unknown;
export declare function lazyStringsVitePlugin(): unknown;
