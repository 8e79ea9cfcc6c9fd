/**
 * Starts Wren's server on `config` in one of its modes (docs/architecture.md#modes), chosen here
 * once: the reference server (database, migrations, seed and its own ActionCable) — embedded on
 * SQLite, or one of several processes on PostgreSQL (`DATABASE_URL`) sharing realtime and the
 * rest through Redis (`REDIS_URL`, `coordination.ts`) — or gateway (`CHATWOOT_URL`: no
 * database; `/cable` and the widget API forwarded to Chatwoot). Either way HTTP and the cable
 * share one port. No process concerns (signals, exit codes, the banner): `server.ts` owns
 * those, and tests start real servers through this function.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import type { AppConfig, Config } from './config';
import { inProcess, throughRedis, type Coordination } from './coordination';
import { migrateToLatest, openDatabase } from './db/database';
import { keepUploadsPrivate } from './uploads/storage';
import { seed } from './seed';
import { createMailer } from './mail/mailer';
import { SILENT_LOGGER, type Logger } from './observability/logger';
import { observeRealtime } from './observability/metrics';
import { attachCableServer } from './realtime/cableServer';
import { createCableRooms } from './services/cableRooms';
import { gatewayMode } from './gateway/gatewayMode';
import { HttpConnections } from './lib/httpConnections';
import { uploadBodyLimit } from './uploads/uploadForm';

interface Running {
  /** The port actually bound (differs from `config.port` when that was 0). */
  port: number;
  /** Tells connected widgets to reconnect, finishes requests in flight, releases the mode's resources. */
  close(): Promise<void>;
}

/** A running server: the reference server with its seeded secrets, or a gateway with its banner. */
export type RunningServer = Running &
  ({ mode: 'embedded'; config: AppConfig } | { mode: 'gateway'; config: Config; banner(host: string, port: number): string });

/** What a mode serves, what it attaches to the listening server, and what it releases after. */
interface Mode {
  fetch: (request: Request) => Response | Promise<Response>;
  attachRealtime(server: Server): { close(): Promise<void> };
  /** From now on `/readyz` answers 503, so load balancers send new visitors elsewhere. */
  drain(): void;
  close(): Promise<void>;
}

/** Options for tests that start several servers side by side. */
export interface StartOptions {
  /** Redis key and channel prefix, so server groups sharing a Redis stay apart (default `wren:`). */
  redisPrefix?: string;
  /** The presence clock. */
  now?: () => number;
}

async function referenceMode(base: Config, logger: Logger, options: StartOptions): Promise<Mode & { config: AppConfig }> {
  keepUploadsPrivate(base.uploadsDir);
  const db = openDatabase(base, logger);
  let coordination: Coordination | undefined;
  let config: AppConfig;
  try {
    await migrateToLatest(db);
    config = { ...base, ...(await seed(db, base)) };
    coordination = base.redisUrl
      ? await throughRedis(db, config, base.redisUrl, { logger, prefix: options.redisPrefix, now: options.now })
      : inProcess(db, config, { logger, now: options.now });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const shared = coordination;
  let draining = false;
  const app = createApp({ db, config, mailer: createMailer(config), logger, ...shared, draining: () => draining });
  shared.start();
  return {
    config,
    fetch: app.fetch,
    attachRealtime: (server) => {
      const { hub, limits, presence } = shared;
      const cable = attachCableServer(server, {
        hub,
        rooms: createCableRooms(db, presence, config.secretKeyBase),
        limits,
        trustProxy: config.trustProxy,
        logger,
      });
      // Events published while the Redis subscription was down never arrived: every widget
      // reconnects and fetches what it missed.
      shared.onEventsMissed(() => cable.reconnectAll());
      observeRealtime({ sockets: () => cable.size, subscriptions: () => hub.listenerCount() });
      return {
        close: async () => {
          await cable.close();
          observeRealtime(undefined);
        },
      };
    },
    drain: () => {
      draining = true;
    },
    close: async () => {
      await shared.close();
      await db.destroy();
    },
  };
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    if (server.listening) return resolve((server.address() as AddressInfo).port);
    server.once('listening', () => resolve((server.address() as AddressInfo).port));
    server.once('error', reject);
  });
}

/** Starts the mode `base` names and listens; rejects when the port cannot be bound. */
export async function startServer(base: Config, logger: Logger = SILENT_LOGGER, options: StartOptions = {}): Promise<RunningServer> {
  const gateway = base.chatwootUrl
    ? await gatewayMode({ ...base, chatwootUrl: base.chatwootUrl }, { logger, redisPrefix: options.redisPrefix })
    : undefined;
  const embedded = gateway ? undefined : await referenceMode(base, logger, options);
  const mode: Mode = embedded ?? {
    fetch: gateway!.app.fetch,
    attachRealtime: gateway!.attachRealtime,
    drain: gateway!.drain,
    close: gateway!.close,
  };

  // Node itself reads and drops what a handler left of a body (`HttpConnections`), rather than
  // @hono/node-server's cleanup, which closes the connection under the client after 500 ms.
  const connections = new HttpConnections(getRequestListener(mode.fetch, { autoCleanupIncoming: false }), {
    maxBodyBytes: uploadBodyLimit(base),
  });
  const server = connections.attach(createServer());
  server.headersTimeout = 15_000;
  server.requestTimeout = 60_000;
  server.listen(base.port, base.host);
  const port = await listen(server).catch(async (error) => {
    await mode.close();
    throw error;
  });
  const realtime = mode.attachRealtime(server);

  let closing = false;
  // A graceful handover (docs/architecture.md#modes): stop being ready, send every widget
  // ActionCable's `disconnect` (reconnect: true) so it moves to another process and fetches what
  // it missed there, finish the requests in flight (their broadcasts still reach the other
  // processes), then release the database pool and Redis.
  const close = async () => {
    if (closing) return;
    closing = true;
    mode.drain();
    await realtime.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      connections.closeAll();
    });
    await mode.close();
  };
  if (embedded) return { mode: 'embedded', config: embedded.config, port, close };
  return { mode: 'gateway', config: base, banner: gateway!.banner, port, close };
}
