/**
 * Addresses of the e2e run: the widget server on `localhost` and the host page on `127.0.0.1`
 * are different origins, as on a real customer site. E2E_PORT moves both (two runs can then
 * share a machine); E2E_DIST_DIR points at another build.
 */
const widgetPort = Number(process.env.E2E_PORT ?? 4310);
const hostPort = widgetPort + 1;

export const E2E = {
  widgetPort,
  hostPort,
  widgetOrigin: `http://localhost:${widgetPort}`,
  hostOrigin: `http://127.0.0.1:${hostPort}`,
  websiteToken: 'e2e-website-token',
  apiAccessToken: 'e2e-api-access-token',
  distDir: process.env.E2E_DIST_DIR ?? process.env.DIST_DIR ?? 'dist',
} as const;
