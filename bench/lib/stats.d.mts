// Types of stats.mjs, for the tests that import it.
export function quantile(values: number[], q: number): number;
export function median(values: number[]): number;
export function fmt(value: number, unit?: string): string;
export function table(header: unknown[], rows: unknown[][]): string;
