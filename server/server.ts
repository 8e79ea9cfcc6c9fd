/**
 * The server process: config, then one of two modes (docs/architecture.md#modes), chosen here
 * once. Embedded: database, migrations, seed and the reference server's own ActionCable.
 * Gateway (`CHATWOOT_URL`): no database; `/cable` and the widget API are forwarded to Chatwoot.
 * Either way HTTP and the cable share one port, and a graceful shutdown tells connected
 * widgets to reconnect.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig, type AppConfig, type Config } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import { gatewayMode } from './gateway/gatewayMode';
import { seed } from './db/seed';
import { createMailer } from './mail/mailer';
import { attachCableServer } from './realtime/cableServer';
import { Hub } from './realtime/hub';
import { createCableRooms } from './services/presence';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`wren: ${error.message}`);
    process.exit(1);
  }
}

/** The host name to print in a URL for the address the server binds. */
function displayHost(host: string): string {
  return ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(host) ? 'localhost' : host;
}

function banner(config: AppConfig, port: number): string {
  const host = displayHost(config.host);
  return [
    '',
    `  Wren reference server listening on ${config.host}:${port}`,
    '',
    `  Demo page          http://${host}:${port}`,
    `  Website token      ${config.websiteToken}`,
    `  API access token   ${config.apiAccessToken}   (header api_access_token, account 1)`,
    `  Database           ${config.databasePath}`,
    '',
  ].join('\n');
}

/** A mode as the process runs it: what to serve, and what to close after the server. */
interface Mode {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  banner(port: number): string;
  /** Attaches `/cable` to the listening server. */
  attachRealtime(server: Server): { close(): Promise<void> };
  /** Releases what the mode holds once the server has closed. */
  close(): Promise<void>;
}

async function embeddedMode(base: Config): Promise<Mode> {
  const db = createDatabase(base.databasePath);
  await migrateToLatest(db);
  const config: AppConfig = { ...base, ...(await seed(db, base)) };
  const hub = new Hub();
  const app = createApp({ db, config, hub, mailer: createMailer(config) });
  return {
    fetch: app.fetch,
    banner: (port) => banner(config, port),
    attachRealtime: (server) => attachCableServer(server, { hub, rooms: createCableRooms(db) }),
    close: () => db.destroy(),
  };
}

function chatwootGatewayMode(base: Config, chatwootUrl: string): Mode {
  const gateway = gatewayMode({ ...base, chatwootUrl });
  return {
    fetch: gateway.app.fetch,
    banner: (port) => gateway.banner(displayHost(base.host), port),
    attachRealtime: gateway.attachRealtime,
    close: async () => {},
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  const mode = config.chatwootUrl ? chatwootGatewayMode(config, config.chatwootUrl) : await embeddedMode(config);

  const server = serve({ fetch: mode.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(mode.banner(info.port));
  }) as Server;
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(`wren: cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
    process.exit(1);
  });
  const cable = mode.attachRealtime(server);

  let closing = false;
  // Requests in flight per connection. Browsers open spare connections they may never use; Node
  // counts those as busy, so `close()` would wait for its request timeout (a minute) on them.
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      // Shutting down: a connection ends once its last response has gone out.
      if (closing && left === 0) socket.end();
    });
  });

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: closing…`);
    await cable.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
    });
    await mode.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('wren: failed to start', error);
  process.exit(1);
});
