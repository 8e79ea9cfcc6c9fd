/**
 * Timestamp formats of the Chatwoot payloads: most are unix seconds, a few ISO strings.
 */

/** Milliseconds → whole unix seconds (null stays null). */
export function seconds(ms: number): number;
export function seconds(ms: number | null): number | null;
export function seconds(ms: number | null): number | null {
  return ms === null ? null : Math.floor(ms / 1000);
}

/** Milliseconds → ISO-8601 string. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
