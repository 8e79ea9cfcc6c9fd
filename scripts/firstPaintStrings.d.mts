export declare const FIRST_PAINT_NAMESPACES: readonly string[];
export declare const FIRST_PAINT_QUERY: string;
export declare function isFirstPaintKey(key: string): boolean;
export declare const REST_QUERY: string;
export declare function isWidgetKey(key: string): boolean;
export declare function firstPaintStrings(strings: Record<string, string>): Record<string, string>;
export declare function restStrings(strings: Record<string, string>): Record<string, string>;
export declare function firstPaintStringsPlugin(): { name: string; setup(build: unknown): void };
export declare function checkFirstPaintKeys(files: readonly string[], allKeys: readonly string[]): void;
