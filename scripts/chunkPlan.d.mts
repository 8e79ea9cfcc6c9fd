import type { Metafile } from 'esbuild';
import type {
  LazyChunk,
  firstPaint as FirstPaint,
  lazyChunks as LazyChunks,
  sharedStrings as SharedStrings,
} from '../src/widget/chunks/plan';

export declare const firstPaint: typeof FirstPaint;
export declare const lazyChunks: typeof LazyChunks;
export declare const sharedStrings: typeof SharedStrings;
export declare function plannedName(entryPoint: string): string | undefined;
export declare const prefetchedModules: readonly string[];
export declare function chunkPlanProblems(metafile: Metafile, plan?: Record<string, LazyChunk>): string[];
/** A plan as the size checks read it: the first paint's budget and the lazy chunks. */
interface Budgets {
  firstPaint: { budget: number };
  lazyChunks: Record<string, LazyChunk>;
}
/** A `.size-limit.json` entry, as far as the plan is concerned. */
interface SizeLimitEntry {
  path: string | readonly string[];
  limit: string;
}
export declare function sizeLimitProblems(entries: readonly SizeLimitEntry[], plan?: Budgets): string[];
