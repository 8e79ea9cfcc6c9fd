/**
 * Starts a reference server on `config`: database, migrations, seed, HTTP + ActionCable on one
 * port. No process concerns (signals, exit codes, the banner): `server.ts` owns those, and tests
 * start real servers through this function.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { AppConfig, Config } from './config';
import { createDatabase, migrateToLatest } from './db/database';
import { seed } from './db/seed';
import { RateLimits } from './limits/rateLimits';
import { createMailer } from './mail/mailer';
import { SILENT_LOGGER, type Logger } from './observability/logger';
import { observeRealtime } from './observability/metrics';
import { attachCableServer } from './realtime/cableServer';
import { Hub } from './realtime/hub';
import { createCableRooms } from './services/presence';

export interface RunningServer {
  /** The configuration with the seeded secrets resolved. */
  config: AppConfig;
  /** The port actually bound (differs from `config.port` when that was 0). */
  port: number;
  /** Tells connected widgets to reconnect, finishes requests in flight, closes the database. */
  close(): Promise<void>;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    if (server.listening) return resolve((server.address() as AddressInfo).port);
    server.once('listening', () => resolve((server.address() as AddressInfo).port));
    server.once('error', reject);
  });
}

/** Opens the database, migrates, seeds and listens; rejects when the port cannot be bound. */
export async function startServer(base: Config, logger: Logger = SILENT_LOGGER): Promise<RunningServer> {
  const db = createDatabase(base.databasePath);
  await migrateToLatest(db);
  const config: AppConfig = { ...base, ...(await seed(db, base)) };
  const hub = new Hub();
  const limits = new RateLimits(config.rateLimits);
  const app = createApp({ db, config, hub, mailer: createMailer(config), limits, logger });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }) as Server;
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  const port = await listen(server).catch(async (error) => {
    await db.destroy();
    throw error;
  });
  const cable = attachCableServer(server, { hub, rooms: createCableRooms(db), limits, trustProxy: config.trustProxy });
  observeRealtime({ sockets: () => cable.size, subscriptions: () => hub.listenerCount() });

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

  const close = async () => {
    if (closing) return;
    closing = true;
    await cable.close();
    observeRealtime(undefined);
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
    });
    await db.destroy();
  };
  return { config, port, close };
}
