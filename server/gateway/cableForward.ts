/**
 * `/cable` in gateway mode: each visitor's WebSocket is forwarded to Chatwoot's `/cable` with
 * http-proxy-3 (docs/protocol.md#frames). The visitor's sub-protocols go through unchanged and Chatwoot's
 * choice comes back; `Origin` is Chatwoot's own, as its ActionCable expects of a same-site page;
 * cookies stay behind. When Chatwoot's side ends without closing the WebSocket properly (a
 * crash, a network cut), the visitor gets ActionCable's `disconnect` frame with
 * `reconnect: true` before the socket closes, so the widget reconnects and fills the gap.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { CABLE_PATH } from '../../src/shared/cable';
import { disconnectFrames, watchServerFrames } from './cableFrames';
import { UPSTREAM_TIMEOUT_MS } from './chatwootClient';
import { callOriginOf, upstreamUpgradeHeaders } from './forwardHeaders';
import { relayVisitorFrames } from './visitorFrames';

export interface CableForward {
  /** Number of visitor sockets being forwarded. */
  readonly size: number;
  /** Tells every visitor to reconnect (`disconnect`, `server_restart`), closes their sockets, stops. */
  close(): Promise<void>;
}

interface Forwarded {
  upstream?: Socket;
}

/** Forwards `server`'s `/cable` upgrades to `chatwootOrigin`'s `/cable`. */
export function attachCableForward(
  server: Server,
  chatwootOrigin: string,
  options: { timeoutMs?: number; publicUrl?: string } = {},
): CableForward {
  const proxy = createProxyServer({ target: chatwootOrigin, ws: true, changeOrigin: true });
  const visitors = new Map<Duplex, Forwarded>();
  const watchers = new WeakMap<Socket, ReturnType<typeof watchServerFrames>>();
  const visitorOf = new WeakMap<Socket, Duplex>();

  proxy.on('proxyReqWs', (proxyReq, req, socket) => {
    // The same allow-list as HTTP calls (extensions are not on it, so frames stay plain to watch);
    // `host` is Chatwoot's own, set by http-proxy-3.
    const from = callOriginOf(req.socket.remoteAddress, options.publicUrl, 'encrypted' in req.socket);
    const allowed = upstreamUpgradeHeaders(req.headers, from);
    for (const name of proxyReq.getHeaderNames()) if (name !== 'host' && !allowed.has(name)) proxyReq.removeHeader(name);
    for (const [name, value] of allowed) proxyReq.setHeader(name, value);
    proxyReq.setHeader('origin', chatwootOrigin);
    proxyReq.setTimeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS, () => proxyReq.destroy(new Error('Chatwoot did not answer the upgrade')));
    // Registered before http-proxy-3's own listeners, which pipe the two sockets together and end
    // the visitor's socket when Chatwoot's ends: the frame below goes out first.
    proxyReq.once('upgrade', (_res, upstream: Socket) => {
      const forwarded = visitors.get(socket);
      // The visitor left while Chatwoot was answering: nobody would close this socket.
      if (!forwarded) {
        upstream.destroy();
        return;
      }
      forwarded.upstream = upstream;
      visitorOf.set(upstream, socket);
      const frames = watchServerFrames();
      watchers.set(upstream, frames);
      let ended = false;
      const onUpstreamEnd = () => {
        if (ended) return;
        ended = true;
        if (!frames.closed && socket.writable && visitors.has(socket)) socket.write(disconnectFrames('server_restart'));
      };
      upstream.once('end', onUpstreamEnd);
      upstream.once('close', onUpstreamEnd);
    });
  });
  // Watching starts once http-proxy-3 has piped the sockets: a 'data' listener added earlier
  // would set the socket flowing and the bytes that came with the handshake would miss the pipe.
  // The visitor's side is then taken off the pipe and relayed frame by frame, within the limits.
  proxy.on('open', (upstream) => {
    const frames = watchers.get(upstream);
    if (frames) upstream.on('data', (chunk: Buffer) => frames.write(chunk));
    const visitor = visitorOf.get(upstream);
    if (visitor) relayVisitorFrames(visitor, upstream);
  });
  // Chatwoot unreachable: http-proxy-3 drops the visitor's socket, which the widget reports as
  // a lost connection and retries with its back-off. Nothing else to do, but the event must
  // have a listener or it would be thrown.
  proxy.on('error', () => {});

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== CABLE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    visitors.set(socket, {});
    socket.once('close', () => visitors.delete(socket));
    proxy.ws(request, socket, head);
  };
  server.on('upgrade', onUpgrade);

  return {
    get size() {
      return visitors.size;
    },
    async close() {
      server.off('upgrade', onUpgrade);
      const closing = [...visitors].map(
        ([socket, { upstream }]) =>
          new Promise<void>((resolve) => {
            visitors.delete(socket);
            upstream?.unpipe(socket);
            socket.once('close', () => resolve());
            if (upstream && socket.writable) socket.end(disconnectFrames('server_restart'));
            else socket.destroy();
            upstream?.destroy();
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 1000).unref();
          }),
      );
      await Promise.all(closing);
      proxy.close();
    },
  };
}
