/**
 * The visitor's half of a forwarded `/cable` (docs/protocol.md#limits): what a visitor sends is
 * parsed into messages (ws's `Receiver`) and sent on to Chatwoot framed anew, masked as a
 * client's frames must be, so the limits of Wren's own cable hold in front of Chatwoot too.
 * `catch_up` and `update_presence` beyond the socket's budgets are dropped, a frame over 64 KB
 * or a broken one ends the connection, and a visitor who does not read what Chatwoot sends is
 * not read either, so a client that only writes cannot make Chatwoot queue answers for it.
 */
import type { Socket } from 'node:net';
import type { Duplex, Writable } from 'node:stream';
import { ActionBudgets, performedAction } from '../realtime/cableLimits';
import { OPCODES, Receiver, Sender } from './cableFrames';
/** As Wren's own cable: no ActionCable frame comes near it. */
const MAX_FRAME_BYTES = 64 * 1024;
/** The close code that means "no status" is never sent on the wire. */
const NO_STATUS = 1005;

/** Relays `visitor`'s frames to `upstream` (which http-proxy-3 had piped it to) within the limits. */
export function relayVisitorFrames(visitor: Duplex, upstream: Socket): void {
  visitor.unpipe(upstream);
  const budgets = new ActionBudgets();
  const receiver = new Receiver({ isServer: true, maxPayload: MAX_FRAME_BYTES });

  const send = (opcode: number, data: Buffer) => {
    const frame = Sender.frame(data, { fin: true, opcode, mask: true, readOnly: false, rsv1: false });
    let flushed = true;
    for (const part of frame) flushed = upstream.write(part) && flushed;
    // Chatwoot is slow to read: so is the gateway with the visitor.
    if (!flushed) pauseUntil(upstream);
  };
  const pauseUntil = (drained: Writable) => {
    if (visitor.isPaused()) return;
    visitor.pause();
    drained.once('drain', () => visitor.resume());
  };

  receiver.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) return send(OPCODES.binary, data);
    if (budgets.allows(performedAction(data.toString()))) send(OPCODES.text, data);
  });
  receiver.on('ping', (data: Buffer) => send(OPCODES.ping, data));
  receiver.on('pong', (data: Buffer) => send(OPCODES.pong, data));
  receiver.on('conclude', (code: number, reason: Buffer) => {
    if (code === NO_STATUS) return send(OPCODES.close, Buffer.alloc(0));
    const status = Buffer.alloc(2);
    status.writeUInt16BE(code);
    send(OPCODES.close, Buffer.concat([status, reason]));
  });
  receiver.on('error', () => {
    visitor.destroy();
    upstream.destroy();
  });

  visitor.on('data', (chunk: Buffer) => {
    receiver.write(chunk);
    // The visitor is not reading what Chatwoot sends: stop reading what it asks for.
    if (visitor.writableNeedDrain) pauseUntil(visitor);
  });
  visitor.once('end', () => upstream.end());
  // Taken off its pipe, the visitor's socket stopped flowing.
  visitor.resume();
}
