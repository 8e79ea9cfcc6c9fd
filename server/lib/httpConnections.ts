/**
 * The HTTP/1.1 connections of one server, and how much of a client's work each may hold
 * (docs/protocol.md#limits):
 *
 * - A connection's requests are handled one at a time. A pipelined request waits until the
 *   answer before it has gone out to the socket, not merely into memory, so a client that
 *   writes requests and never reads holds at most one answer here, however many it sends.
 * - A connection with more than `MAX_WAITING_REQUESTS` waiting is not read any further (TCP
 *   pushes back on the client) until they have been answered.
 * - A request whose declared body is larger than any route takes is answered 413 at once,
 *   before a byte of the body is read, with `Connection: close`.
 * - An answer given before its request's body was read (a 429, a 413) leaves the connection
 *   usable: the rest of the body, within the limit above, is read and dropped once the answer is
 *   out, and the next request follows. A body without a declared length (chunked) cannot be
 *   bounded before it is read, so its answer says `Connection: close`.
 * - On shutdown an idle connection closes at once and a busy one after its last answer:
 *   browsers keep spare connections open that never carry a request, and waiting for them
 *   would take the request timeout.
 *
 * Everything about a connection is dropped when it closes.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Pipelined requests a connection may have waiting before it is no longer read. */
export const MAX_WAITING_REQUESTS = 8;

interface Connection {
  waiting: [IncomingMessage, ServerResponse][];
  /** A request is being answered, or its answer is still on its way into the socket. */
  busy: boolean;
  paused: boolean;
}

export interface HttpConnectionsOptions {
  /** The largest request body any route takes (the upload limit). */
  maxBodyBytes: number;
}

export class HttpConnections {
  private readonly connections = new Map<Socket, Connection>();
  private closing = false;

  constructor(
    private readonly handle: RequestListener,
    private readonly options: HttpConnectionsOptions,
  ) {}

  /** Tracks `server`'s connections and answers its requests through `handle`, one at a time per connection. */
  attach(server: Server): Server {
    server.on('connection', (socket: Socket) => {
      this.connections.set(socket, { waiting: [], busy: false, paused: false });
      socket.once('close', () => this.connections.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => this.enqueue(request, response));
    return server;
  }

  /** Connections open now. */
  get size(): number {
    return this.connections.size;
  }

  /** Closes every idle connection now and every busy one after its last answer. */
  closeAll(): void {
    this.closing = true;
    for (const [socket, connection] of this.connections) if (!connection.busy) socket.destroy();
  }

  private enqueue(request: IncomingMessage, response: ServerResponse): void {
    const socket = request.socket;
    const connection = this.connections.get(socket);
    if (!connection) {
      response.destroy();
      return;
    }
    connection.waiting.push([request, response]);
    if (connection.waiting.length > MAX_WAITING_REQUESTS && !connection.paused) {
      connection.paused = true;
      socket.pause();
    }
    this.next(socket, connection);
  }

  private next(socket: Socket, connection: Connection): void {
    if (connection.busy || !this.connections.has(socket)) return;
    const item = connection.waiting.shift();
    if (!item) {
      if (this.closing) socket.end();
      return;
    }
    if (connection.paused && connection.waiting.length <= MAX_WAITING_REQUESTS) {
      connection.paused = false;
      socket.resume();
    }
    connection.busy = true;
    const [request, response] = item;
    let answered = false;
    const onAnswered = () => {
      if (answered) return;
      answered = true;
      const proceed = () => {
        connection.busy = false;
        this.next(socket, connection);
      };
      // 'finish' means handed to the socket; what the socket could not send yet waits for 'drain'.
      if (socket.writableNeedDrain) socket.once('drain', proceed);
      else proceed();
    };
    response.once('finish', () => {
      dropUnreadBody(request, this.options.maxBodyBytes);
      onAnswered();
    });
    response.once('close', onAnswered);
    if (Number(request.headers['content-length'] ?? 0) > this.options.maxBodyBytes) {
      tooLarge(response, this.options.maxBodyBytes);
      return;
    }
    if (request.headers['transfer-encoding'] !== undefined) response.shouldKeepAlive = false;
    this.handle(request, response);
  }
}

/** 413 without reading the body, and the connection closes after it (the body is not read). */
function tooLarge(response: ServerResponse, maxBodyBytes: number): void {
  const body = JSON.stringify({ error: `Request body is too large (maximum is ${Math.floor(maxBodyBytes / (1024 * 1024))} MB)` });
  response.writeHead(413, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), connection: 'close' });
  response.end(body);
}

/**
 * What a handler left of its request's body is read and dropped, as Node does for a body nobody
 * touched, so the next request on the connection is read after it. Whoever had started reading
 * (a web stream over the request) is detached first, so nothing of it is held in memory; past
 * `maxBodyBytes` the connection is closed.
 */
function dropUnreadBody(request: IncomingMessage, maxBodyBytes: number): void {
  if (request.complete || request.destroyed) return;
  let dropped = 0;
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBodyBytes) request.socket.destroy();
  });
  request.resume();
}
