/**
 * The Content-Security-Policy of the pages that run Wren's own bundles, the widget and the agent
 * console (docs/architecture.md#security): their own scripts and styles only, images and media
 * from wherever attachments and avatars are stored, API and cable calls to this server, no
 * `<base>` and no form posts. Each page adds what only it needs (framing above all).
 */
export function pageCsp(connect: string, directives: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    ...directives,
  ].join('; ');
}

/**
 * `connect-src`: the API and the cable of `origin` (the server's public origin), plus the
 * configured extra sources. Both socket schemes are named because behind a TLS proxy the
 * server sees http while the browser opens wss.
 */
export function connectSources(origin: string, extra: readonly string[] = []): string {
  const host = new URL(origin).host;
  return ["'self'", `ws://${host}`, `wss://${host}`, ...extra].join(' ');
}
