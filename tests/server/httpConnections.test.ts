/**
 * `HttpConnections`: one request at a time per connection, the next only once the answer before
 * it has gone into the socket, and every pipelined request still answered, in order.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpConnections, MAX_WAITING_REQUESTS } from '../../server/lib/httpConnections';

let server: Server;
let connections: HttpConnections;
let handled: string[];

/** Serves `body` (or a name echo) for every request, once `answer` lets it. */
async function start(body?: Buffer, answer: () => Promise<void> = async () => {}) {
  handled = [];
  connections = new HttpConnections(
    async (req, res) => {
      handled.push(req.url ?? '');
      await answer();
      res.setHeader('content-type', 'text/plain');
      res.end(body ?? `answer to ${req.url}`);
    },
    { maxBodyBytes: 1024 * 1024 },
  );
  server = connections.attach(createServer());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

afterEach(async () => {
  connections.closeAll();
  await new Promise((resolve) => server.close(resolve));
});

function openSocket(): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => resolve(socket));
  });
}

const requests = (count: number) => Array.from({ length: count }, (_, i) => `GET /r${i} HTTP/1.1\r\nHost: test\r\n\r\n`).join('');

describe('HttpConnections', () => {
  it('answers every pipelined request in order, beyond the waiting limit too', async () => {
    await start();
    const count = MAX_WAITING_REQUESTS * 3;
    const socket = await openSocket();
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.write(requests(count));
    while ((received.match(/answer to/g) ?? []).length < count) await sleep(10);
    const answers = [...received.matchAll(/answer to (\/r\d+)/g)].map((m) => m[1]);
    expect(answers).toEqual(Array.from({ length: count }, (_, i) => `/r${i}`));
    socket.destroy();
  });

  it('handles the next request of a connection that does not read only once it reads', async () => {
    // Far more than the socket buffers of loopback take: the first answer fills them.
    await start(Buffer.alloc(32 * 1024 * 1024, 'x'));
    const socket = await openSocket();
    socket.pause();
    socket.write(requests(5));
    while (handled.length === 0) await sleep(10);
    await sleep(300);
    expect(handled).toEqual(['/r0']);

    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.resume();
    while (bytes < 5 * 32 * 1024 * 1024) await sleep(10);
    expect(handled).toEqual(['/r0', '/r1', '/r2', '/r3', '/r4']);
    socket.destroy();
  });

  it('forgets a connection that closed before its answer', async () => {
    let gone: () => void = () => {};
    const clientGone = new Promise<void>((resolve) => {
      gone = resolve;
    });
    await start(undefined, () => clientGone);
    const socket = await openSocket();
    socket.write(requests(3));
    while (handled.length === 0) await sleep(5);
    socket.destroy();
    while (connections.size > 0) await sleep(5);
    gone();
    await sleep(50);
    expect(connections.size).toBe(0);
    expect(handled).toEqual(['/r0']);
  });
});
