/**
 * The reference server process: config, database, migrations, seed, HTTP + ActionCable on
 * one port, and a graceful shutdown that tells connected widgets to reconnect.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { ConfigError, loadConfig, type AppConfig, type Config } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import { seed } from './db/seed';
import { RateLimits } from './limits/rateLimits';
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

function banner(config: AppConfig, port: number): string {
  const host = ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(config.host) ? 'localhost' : config.host;
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

async function main(): Promise<void> {
  const base = readConfig();
  const db = createDatabase(base.databasePath);
  await migrateToLatest(db);
  const config: AppConfig = { ...base, ...(await seed(db, base)) };
  const hub = new Hub();
  const limits = new RateLimits(config.rateLimits);
  const app = createApp({ db, config, hub, mailer: createMailer(config), limits });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(banner(config, info.port));
  }) as Server;
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(`wren: cannot listen on ${config.host}:${config.port}: ${error.code ?? error.message}`);
    process.exit(1);
  });
  const cable = attachCableServer(server, { hub, rooms: createCableRooms(db), limits, trustProxy: config.trustProxy });

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
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('wren: failed to start', error);
  process.exit(1);
});
