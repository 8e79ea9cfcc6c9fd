/**
 * The hub's fan-out with and without a broker: each listener hears an event once, whichever
 * process sent it; this process's own events do not wait for the broker.
 */
import type { RealtimeEnvelope } from '../../src/shared/cable';
import { captureLog } from './observability/logCapture';
import { Hub, type HubTransport } from '../../server/realtime/hub';

/** Two hubs joined by an in-memory "broker", as two processes share Redis. */
function twoProcesses() {
  const channels = new Map<string, Set<(message: string) => void>>();
  const published: string[] = [];
  const transport = (): HubTransport => ({
    publish: (stream, message) => {
      published.push(message);
      for (const receive of channels.get(stream) ?? []) queueMicrotask(() => receive(message));
    },
    join: async (stream, receive) => {
      if (!channels.has(stream)) channels.set(stream, new Set());
      channels.get(stream)!.add(receive);
    },
    leave: (stream) => channels.delete(stream),
  });
  return { a: new Hub(transport()), b: new Hub(transport()), published, channels };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Hub', () => {
  it('alone, delivers to the listeners of a stream at once, with the event as JSON too', () => {
    const hub = new Hub();
    const heard: [RealtimeEnvelope, string][] = [];
    hub.subscribe('token-1', (envelope, json) => heard.push([envelope, json]));
    hub.broadcast('token-1', 'message.created', { id: 1 });
    hub.broadcast('token-2', 'message.created', { id: 2 });
    expect(heard).toEqual([[{ event: 'message.created', data: { id: 1 } }, '{"event":"message.created","data":{"id":1}}']]);
  });

  it('alone, serialises nothing for a stream nobody in the process listens to', () => {
    const hub = new Hub();
    hub.subscribe('token-1', () => {});
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      hub.broadcast('token-2', 'message.created', { id: 2 });
      expect(stringify).not.toHaveBeenCalled();
      hub.broadcast('token-1', 'message.created', { id: 1 });
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('goes on to the other listeners when one fails, and logs the failure through the server log', () => {
    const log = captureLog();
    const hub = new Hub(undefined, log.logger);
    const heard: unknown[] = [];
    hub.subscribe('token-1', () => {
      throw new Error('socket gone');
    });
    hub.subscribe('token-1', (envelope) => heard.push(envelope.data));
    hub.broadcast('token-1', 'message.created', { id: 1 });
    expect(heard).toEqual([{ id: 1 }]);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'realtime listener failed',
        err: expect.objectContaining({ message: 'socket gone' }),
      }),
    ]);
  });

  it("with a broker, delivers this process's event at once and the other process's through the broker, each once", async () => {
    const { a, b } = twoProcesses();
    const onA: unknown[] = [];
    const onB: unknown[] = [];
    a.subscribe('token-1', (envelope) => onA.push(envelope.data));
    b.subscribe('token-1', (envelope) => onB.push(envelope.data));
    await Promise.all([a.ready('token-1'), b.ready('token-1')]);
    a.broadcast('token-1', 'message.created', { from: 'a' });
    expect(onA).toEqual([{ from: 'a' }]);
    expect(onB).toEqual([]);
    await flush();
    b.broadcast('token-1', 'message.created', { from: 'b' });
    await flush();
    expect(onA).toEqual([{ from: 'a' }, { from: 'b' }]);
    expect(onB).toEqual([{ from: 'a' }, { from: 'b' }]);
  });

  it('publishes for the others even when nobody listens here, and ignores a malformed publication', async () => {
    const { a, b, published, channels } = twoProcesses();
    const onB: unknown[] = [];
    b.subscribe('token-1', (envelope) => onB.push(envelope.data));
    a.broadcast('token-1', 'message.created', { id: 7 });
    await flush();
    for (const receive of channels.get('token-1') ?? []) receive('no origin tag');
    expect(onB).toEqual([{ id: 7 }]);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatch(/^[\w-]+\n\{"event":"message.created","data":\{"id":7\}\}$/);
  });

  it('leaves the broker when the last listener of a stream goes', async () => {
    const left: string[] = [];
    const hub = new Hub({ publish: () => {}, join: async () => {}, leave: (stream) => left.push(stream) });
    const first = hub.subscribe('token-1', () => {});
    const second = hub.subscribe('token-1', () => {});
    first();
    expect(left).toEqual([]);
    second();
    expect(left).toEqual(['token-1']);
    expect(hub.isSubscribed('token-1')).toBe(false);
  });
});
