/**
 * WebSocket framing for the cable forward, borrowed from `ws` (its `Sender` encodes frames and
 * its `Receiver` parses them; both are exported by the package but left out of its type
 * definitions, hence the small interfaces here). The forward pipes bytes; these let it watch
 * what Chatwoot sends and add ActionCable's `disconnect` frame when Chatwoot goes away.
 */
import type { Writable } from 'node:stream';
import * as ws from 'ws';
import type { ServerFrame } from '../../src/shared/cable';

interface FrameOptions {
  fin: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
  rsv1: boolean;
}

interface WsInternals {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => Writable;
}

/** ws's frame encoder and parser (`Receiver` with `isServer: true` parses a client's masked frames). */
export const { Sender, Receiver } = ws as unknown as WsInternals;

/** The WebSocket opcodes the forward reads or writes. */
export const OPCODES = { text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa } as const;
/** WebSocket close code 1001, "going away": the server restarts, or its upstream is gone. */
export const GOING_AWAY = 1001;

/**
 * The bytes of ActionCable's `disconnect` frame followed by a WebSocket close, as a server
 * sends them (unmasked): the widget drops the connection, reconnects with its back-off and
 * fills the gap with `messages?after=` (docs/protocol.md#connection-behaviour).
 */
export function disconnectFrames(reason: string): Buffer {
  const disconnect: ServerFrame = { type: 'disconnect', reason, reconnect: true };
  const close = Buffer.alloc(2);
  close.writeUInt16BE(GOING_AWAY);
  const options = { fin: true, mask: false, readOnly: false, rsv1: false };
  return Buffer.concat([
    ...Sender.frame(Buffer.from(JSON.stringify(disconnect)), { ...options, opcode: OPCODES.text }),
    ...Sender.frame(close, { ...options, opcode: OPCODES.close }),
  ]);
}

/**
 * Watches the bytes a server sends on an upgraded socket and reports whether it has closed
 * the WebSocket properly (a close frame, which ActionCable precedes with its own
 * `disconnect`). A parse failure only ends the watching.
 */
export function watchServerFrames(): { write(chunk: Buffer): void; readonly closed: boolean } {
  let closed = false;
  let watching = true;
  // Frames from a server are unmasked, so the receiver plays the client's side.
  const receiver = new Receiver({ isServer: false, maxPayload: 0 });
  receiver.on('conclude', () => {
    closed = true;
  });
  receiver.on('error', () => {
    watching = false;
  });
  // The receiver answers pings through the socket it belongs to; here it belongs to none.
  receiver.on('ping', () => {});
  receiver.on('pong', () => {});
  receiver.on('message', () => {});
  return {
    write(chunk) {
      if (watching && !closed) receiver.write(chunk);
    },
    get closed() {
      return closed;
    },
  };
}
