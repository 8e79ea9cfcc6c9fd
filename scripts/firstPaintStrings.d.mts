import type { Metafile } from 'esbuild';

export declare const FIRST_PAINT_NAMESPACES: readonly string[];
export declare const FIRST_PAINT_QUERY: string;
export declare function isFirstPaintKey(key: string): boolean;
export declare const REST_QUERY: string;
export declare function isWidgetKey(key: string): boolean;
export declare function firstPaintStrings(strings: Record<string, string>): Record<string, string>;
export declare function restStrings(strings: Record<string, string>): Record<string, string>;
export declare const PART_NAMESPACES: Record<string, readonly string[]>;
export declare function partOf(key: string): string | undefined;
export declare function partStrings(strings: Record<string, string>, part: string): Record<string, string>;
export declare const SHARE_QUERY: RegExp;
export declare function firstPaintStringsPlugin(): { name: string; setup(build: unknown): void };
export declare function checkFirstPaintKeys(files: readonly string[], allKeys: readonly string[]): void;
/** A JavaScript file of a build with the lazy parts' shares it can count on. */
export interface ChunkShares {
  file: string;
  parts: ReadonlySet<string>;
}
export declare function chunkShares(metafile: Metafile): ChunkShares[];
export declare function checkLazyChunkKeys(chunks: readonly (ChunkShares & { code: string })[], allKeys: readonly string[]): void;
