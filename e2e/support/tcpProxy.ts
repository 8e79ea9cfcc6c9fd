/**
 * A TCP relay on a free loopback port in front of a server, whose connections a test can cut at
 * once: the widget's socket and any request under way die as they would on a flaky network
 * (the server may have done the work, the browser never hears of it). It relays bytes only, so
 * it stands in front of plain HTTP and TLS (nginx) alike.
 */
import { once } from 'node:events';
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Cuts every open connection, both ways; returns how many there were. */
  cutAll(): number;
  close(): Promise<void>;
}

export async function tcpProxy(targetPort: number): Promise<TcpProxy> {
  // Each connection as its two ends: the browser's and the server's.
  const open = new Set<[Socket, Socket]>();
  const server = createServer((client) => {
    const pair: [Socket, Socket] = [client, connect(targetPort, '127.0.0.1')];
    open.add(pair);
    const [, upstream] = pair;
    for (const [from, to] of [pair, [upstream, client]]) {
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(pair);
        to.destroy();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    cutAll() {
      const count = open.size;
      for (const [client, upstream] of open) {
        client.resetAndDestroy();
        upstream.resetAndDestroy();
      }
      return count;
    },
    async close() {
      for (const ends of open) for (const socket of ends) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
