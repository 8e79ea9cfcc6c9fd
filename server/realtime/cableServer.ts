/**
 * ActionCable over `ws`, sharing the HTTP server's port: upgrades on `/cable` become
 * `CableConnection`s; every client is pinged every 3 s, a slice of them at a time.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CABLE_PATH, PING_INTERVAL_MS } from '../../src/shared/cable';
import { requestAddress } from '../limits/clientAddress';
import type { RateLimits } from '../limits/rateLimits';
import type { Logger } from '../observability/logger';
import { CableConnection, type CableRooms } from './cableConnection';
import { MAX_PENDING_FRAMES, SEND_BUFFER_CLOSE_BYTES, SEND_BUFFER_PAUSE_BYTES } from './cableLimits';
import type { Hub } from './hub';
import { Rota } from './rota';

const PROTOCOL = 'actioncable-v1-json';
// Browsers answer WebSocket pings by themselves; a socket silent for this long is dead.
const DEAD_AFTER_MS = 60_000;
/**
 * Each ping period is cut into this many ticks, each pinging its share of the clients: sending
 * thousands of pings at once held up a broadcast that fell in the same moment by as long.
 */
const PING_SLICES = 10;
/** Every tenth ping is also a WebSocket ping, which proves a silent client alive by its pong. */
const PINGS_PER_PROTOCOL_PING = 10;

export interface CableServerOptions {
  hub: Hub;
  rooms: CableRooms;
  pingIntervalMs?: number;
  /** Counts subscriptions per client address (`cableSubscriptionsPerAddress`). */
  limits?: RateLimits;
  /** See `clientAddress`. */
  trustProxy?: string;
  logger?: Logger;
}

export interface CableServer {
  /** Number of open client sockets. */
  readonly size: number;
  /**
   * Sends every client `disconnect/server_restart` (reconnect true) and closes its socket: the
   * widgets reconnect (here or to another process) and fetch what they missed.
   */
  reconnectAll(): Promise<void>;
  /** Does the same to every client and stops accepting new ones. */
  close(): Promise<void>;
}

/** Serves ActionCable on `server`'s `/cable` upgrades. */
export function attachCableServer(server: Server, options: CableServerOptions): CableServer {
  const clients = new Map<WebSocket, { connection: CableConnection; lastSeen: number }>();
  const pingRota = new Rota<WebSocket>(PING_SLICES);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // Select the JSON protocol when offered; clients offering none are served anyway.
    handleProtocols: (protocols) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== CABLE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  server.on('upgrade', onUpgrade);

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const { limits } = options;
    const address = requestAddress(request, options.trustProxy);
    // A client is read only while it keeps up: its frames waiting to be handled and the answers
    // waiting to be sent to it stay under their bounds (`cableLimits.ts`).
    const keepUp = () => {
      if (ws.readyState !== ws.OPEN) return;
      const behind = ws.bufferedAmount > SEND_BUFFER_PAUSE_BYTES || connection.pendingFrames > MAX_PENDING_FRAMES;
      if (behind && !ws.isPaused) ws.pause();
      else if (!behind && ws.isPaused) ws.resume();
    };
    const connection = new CableConnection({
      hub: options.hub,
      rooms: options.rooms,
      admitSubscription: limits && (() => limits.allows('cableSubscriptionsPerAddress', address)),
      logger: options.logger,
      send: (frame) => {
        if (ws.readyState !== ws.OPEN) return;
        ws.send(frame, keepUp);
        if (ws.bufferedAmount > SEND_BUFFER_CLOSE_BYTES) ws.terminate();
        else keepUp();
      },
    });
    const client = { connection, lastSeen: Date.now() };
    clients.set(ws, client);
    pingRota.add(ws);
    ws.on('message', (data, isBinary) => {
      client.lastSeen = Date.now();
      if (isBinary) return;
      void connection.receive(data.toString()).then(keepUp);
      keepUp();
    });
    ws.on('pong', () => {
      client.lastSeen = Date.now();
    });
    ws.on('close', () => {
      connection.close();
      clients.delete(ws);
      pingRota.delete(ws);
    });
    ws.on('error', () => ws.terminate());
    connection.open();
  });

  let tick = 0;
  const timer = setInterval(
    () => {
      const now = Date.now();
      const protocolPing = Math.floor(tick / PING_SLICES) % PINGS_PER_PROTOCOL_PING === 0;
      for (const ws of pingRota.due(tick)) {
        const client = clients.get(ws);
        if (!client) continue;
        if (now - client.lastSeen > DEAD_AFTER_MS) {
          ws.terminate();
          continue;
        }
        client.connection.ping(Math.floor(now / 1000));
        if (protocolPing) ws.ping();
      }
      tick++;
    },
    (options.pingIntervalMs ?? PING_INTERVAL_MS) / PING_SLICES,
  );
  timer.unref();

  const reconnectAll = async () => {
    const closing = [...clients.entries()].map(
      ([ws, client]) =>
        new Promise<void>((resolve) => {
          client.connection.disconnect('server_restart', true);
          ws.once('close', () => resolve());
          ws.close(1000, 'server restart');
          // A client that never answers the close handshake is cut off.
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 1000).unref();
        }),
    );
    await Promise.all(closing);
  };

  return {
    get size() {
      return clients.size;
    },
    reconnectAll,
    async close() {
      clearInterval(timer);
      server.off('upgrade', onUpgrade);
      const connections = [...clients.values()].map((client) => client.connection);
      await reconnectAll();
      // Frames already received are still handled (they may read the database) before it closes.
      await Promise.all(connections.map((connection) => connection.settled()));
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
