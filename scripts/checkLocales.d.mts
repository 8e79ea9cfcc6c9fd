/** Types for scripts/checkLocales.mjs, so TypeScript tests can import it. */
export declare const EXPECTED_LOCALES: string[];
export declare const DEFAULT_DIR: string;
export declare function placeholders(text: string): string[];
export declare function checkLocales(dir?: string): string[];
