// The environment of a throwaway reference server, shared by the e2e run, the tests that
// restart their own server, and the benchmarks: loopback, its own data folder, fixed tokens.
import { join, resolve } from 'node:path';

/**
 * @param {{ port: number, dataDir: string, distDir: string, websiteToken: string, apiAccessToken: string }} options
 * @returns {Record<string, string>}
 */
export function serverEnv({ port, dataDir, distDir, websiteToken, apiAccessToken }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_PATH: join(dataDir, 'wren.sqlite'),
    UPLOADS_DIR: join(dataDir, 'uploads'),
    OUTBOX_DIR: join(dataDir, 'outbox'),
    PACKS_DIR: resolve(distDir, 'packs'),
    WEBSITE_TOKEN: websiteToken,
    API_ACCESS_TOKEN: apiAccessToken,
    SECRET_KEY_BASE: `${websiteToken}-secret-key-base-for-tests-only`,
    // A line per request would bury the test runner's own output; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
}
