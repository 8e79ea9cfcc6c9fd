/**
 * The server process: reads the environment, starts the server in the mode it names
 * (`start.ts`), prints the banner, and on SIGINT/SIGTERM closes gracefully (connected widgets
 * are told to reconnect).
 */
import { ConfigError, loadConfig, type AppConfig, type Config } from './config';
import { redactUrl } from './lib/redactUrl';
import { createLogger } from './observability/logger';
import { agentConsoleLink } from './routes/agentConsole';
import { startServer } from './start';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // biome-ignore lint/suspicious/noConsole: the configuration names the log level, so no logger exists yet
    console.error(`wren: ${error.message}`);
    process.exit(1);
  }
}

/** The host name to print in a URL for the address the server binds. */
function displayHost(host: string): string {
  return ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(host) ? 'localhost' : host;
}

/**
 * Plain text for a person at a terminal, before the JSON log lines: it carries the tokens an
 * operator needs once, which the JSON log never does.
 */
function banner(config: AppConfig, port: number): string {
  const host = displayHost(config.host);
  const origin = config.publicUrl ?? `http://${host}:${port}`;
  return [
    '',
    `  Wren reference server listening on ${config.host}:${port}`,
    '',
    `  Demo page          ${origin}`,
    `  Agent console      ${agentConsoleLink(origin, config.apiAccessToken)}`,
    `  Website token      ${config.websiteToken}`,
    `  API access token   ${config.apiAccessToken}   (header api_access_token, account 1)`,
    `  Database           ${config.databaseUrl ? `${redactUrl(config.databaseUrl)} (PostgreSQL)` : config.databasePath}`,
    ...(config.redisUrl ? [`  Redis              ${redactUrl(config.redisUrl)} (shared with the other processes)`] : []),
    '',
    '  Open the demo page, write as a visitor, and answer in the agent console (a demo aid).',
    '  Bots answer through the Application API, e.g.',
    `  POST ${origin}/api/v1/accounts/1/conversations/<conversation_id>/messages`,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const base = readConfig();
  const logger = createLogger(base.logLevel);
  const running = await startServer(base, logger).catch((error: NodeJS.ErrnoException) => {
    if (error.syscall !== 'listen') throw error;
    logger.fatal({ host: base.host, port: base.port, code: error.code }, `cannot listen on ${base.host}:${base.port}`);
    process.exit(1);
  });
  if (running.mode === 'embedded') {
    // biome-ignore lint/suspicious/noConsole: the banner is plain text for the operator (see `banner`)
    console.log(banner(running.config, running.port));
    const { databaseUrl, databasePath, redisUrl } = running.config;
    logger.info(
      {
        port: running.port,
        database: databaseUrl ? redactUrl(databaseUrl) : databasePath,
        ...(redisUrl && { redis: redactUrl(redisUrl) }),
      },
      'listening',
    );
  } else {
    // biome-ignore lint/suspicious/noConsole: the banner is plain text for the operator (see `banner`)
    console.log(running.banner(displayHost(base.host), running.port));
    logger.info({ port: running.port, chatwoot: base.chatwootUrl }, 'listening as a gateway');
  }

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'closing');
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  // biome-ignore lint/suspicious/noConsole: a failure before or while the logger is made has no logger to go to
  console.error('wren: failed to start', error);
  process.exit(1);
});
