/**
 * A connection URL as logs and messages may show it: DATABASE_URL and REDIS_URL can carry a
 * password, which is masked.
 */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
