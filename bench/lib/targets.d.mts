// Types of targets.mjs, for the tests that import it.
export interface Target {
  what: string;
  bound: string;
  measure(results: Record<string, any>): { value: number; text: string; spread?: number } | undefined;
  ok(value: number, measured: { value: number; text: string; spread?: number }): boolean;
  /** The figure's text through the gateway, where it is measured there too. */
  gateway?(results: Record<string, any>): string | undefined;
}
export const TARGETS: Target[];
export const SERVER_CPU_BOUNDS: { get: number; post: number };
export function summary(
  results: Record<string, any>,
): [what: string, bound: string, measured: string, verdict: string, throughTheGateway: string][];
