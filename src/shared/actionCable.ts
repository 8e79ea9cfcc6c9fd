/**
 * A hand-written ActionCable consumer for one `RoomChannel` subscription (docs/protocol.md#realtime):
 * the widget's, and the agent console's (which builds its identifier with `agentRoomIdentifier`). It replaces `@rails/actioncable` 6.1.3 plus Chatwoot's connector
 * and keeps their observable behaviour: the same frames, the same connection monitor (stale
 * after two missed pings, logarithmic poll back-off) and a disconnected → reconnected signal the
 * widget turns into a `messages?after=` gap fetch. One thing it does better: a page coming back
 * from the background or sleep replaces a socket that missed a ping at once, not 200 ms later
 * and only once it is stale (6 s).
 *
 * Chatwoot's connector polls `isOpen()` every second to notice a recovery.
 * Here both edges are events instead: the outage is reported when the socket closes (or is
 * found stale), the recovery when the subscription is confirmed again, so the gap fetch
 * cannot run before the new subscription is live and miss a message in between.
 */
import {
  CABLE_ACTIONS,
  CABLE_PROTOCOLS,
  POLL_MAX_S,
  POLL_MIN_S,
  POLL_MULTIPLIER,
  PING_INTERVAL_MS,
  PRESENCE_INTERVAL_MS,
  REOPEN_DELAY_MS,
  STALE_THRESHOLD_MS,
  roomIdentifier,
  type CableAction,
  type ClientFrame,
  type RealtimeEnvelope,
} from './cable';

/** The parts of a `WebSocket` the consumer uses; tests pass a fake. */
export type WebSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onmessage' | 'onclose'>;

/**
 * Clock and timers, injected so fake timers can drive the 6 s / 500 ms / 20 s rules. Intervals
 * are chains of timeouts, so two timer functions suffice.
 */
export interface CableTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** Where page events come from: `document` (visibility, a frozen page resumed) and `window` (online, back-forward cache). */
export interface PageEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Where tab visibility comes from (`document` in the browser). */
export interface VisibilitySource extends PageEvents {
  readonly hidden: boolean;
}

export interface CableOptions {
  /** `ws(s)://host/cable`. */
  url: string;
  /** The contact-inbox's pubsub token; the subscription identifier is built from it. */
  pubsubToken: string;
  /** Builds the identifier from the token; the widget's `roomIdentifier` by default. */
  identifierFor?(pubsubToken: string): string;
  /** Every broadcast frame for our identifier. */
  onEvent(envelope: RealtimeEnvelope): void;
  /** The socket was seen down (once per outage, not once per failed attempt). */
  onDisconnected?(): void;
  /** After an outage: the socket is back and the subscription is confirmed again. */
  onReconnected?(): void;
  /** Every confirmed subscription, the first one included (events flow from here on). */
  onSubscribed?(): void;
  /** Defaults to `new WebSocket(url, protocols)`. */
  createSocket?(url: string, protocols: string[]): WebSocketLike;
  /** Defaults to the global timers and `Date.now`. */
  timers?: CableTimers;
  /** Defaults to `document` when there is one. */
  visibility?: VisibilitySource;
  /** Defaults to `window` when there is one. */
  page?: PageEvents;
}

/** A running (or stopped) cable connection. */
export interface Cable {
  /** Opens the socket and starts the connection monitor; calling it again does nothing. */
  start(): void;
  /** Closes the socket and clears every timer and listener; `start()` may be called again. */
  stop(): void;
  /** Moves the subscription to another contact-inbox (visitor switch, `contact.merged`). */
  setPubsubToken(token: string): void;
  /** Calls a channel action; dropped unless subscribed. */
  perform(action: CableAction, data?: object): void;
  /** True while the subscription is confirmed on an open socket. */
  readonly connected: boolean;
}

/** ActionCable 6.1's monitor poll interval for a number of failed attempts, in ms. */
export function pollInterval(attempts: number): number {
  const seconds = POLL_MULTIPLIER * Math.log(attempts + 1);
  return Math.round(Math.min(Math.max(seconds, POLL_MIN_S), POLL_MAX_S) * 1000);
}

/** The events, on `document` and on `window`, of a page coming back to the visitor. */
const DOCUMENT_WAKE = ['visibilitychange', 'resume'];
const WINDOW_WAKE = ['online', 'pageshow'];

interface IncomingFrame {
  type?: string;
  identifier?: string;
  message?: RealtimeEnvelope;
  reconnect?: boolean;
}

/** Creates a cable connection; call `start()` to connect. */
export function createCable({
  url,
  pubsubToken,
  identifierFor = roomIdentifier,
  onEvent,
  onDisconnected,
  onReconnected,
  onSubscribed,
  createSocket = (socketUrl, protocols) => new WebSocket(socketUrl, protocols),
  timers = { setTimeout, clearTimeout, now: Date.now },
  visibility = globalThis.document,
  page = globalThis.window,
}: CableOptions): Cable {
  // Browsers throw "Illegal invocation" when window timers are called as methods of another
  // object, so they are taken out of `timers` and called bare.
  const { setTimeout: later, clearTimeout: cancel, now } = timers;
  let id = identifierFor(pubsubToken);
  let ws: WebSocketLike | null = null;
  let subscribed = false,
    rejected = false,
    down = false;
  // Last frame of any kind, start of the current outage, failed polls since the last welcome.
  let seen = 0,
    droppedAt = 0,
    attempts = 0;
  let pollTimer: unknown, reopenTimer: unknown, presenceTimer: unknown;

  const active = () => !!ws && ws.readyState < 2;
  const isOpen = () => ws?.readyState === 1;
  const stale = () => now() - seen > STALE_THRESHOLD_MS;
  const send = (command: ClientFrame['command'], data?: string) => isOpen() && ws!.send(JSON.stringify({ command, identifier: id, data }));
  const subscribe = () => rejected || send('subscribe');
  const unsubscribed = () => {
    subscribed = false;
    cancel(presenceTimer);
  };
  const presence = () => {
    presenceTimer = later(() => {
      api.perform(CABLE_ACTIONS.updatePresence);
      presence();
    }, PRESENCE_INTERVAL_MS);
  };

  function lost() {
    unsubscribed();
    if (!down) {
      down = true;
      droppedAt = now();
      onDisconnected?.();
    }
  }

  // Forgets the socket before closing it: its own close event may come late or never (a
  // half-open TCP connection), and must not be mistaken for the next socket's.
  function shut() {
    const socket = ws;
    ws = null;
    socket?.close();
  }

  function drop() {
    shut();
    lost();
  }

  function open() {
    if (active()) return;
    const socket = (ws = createSocket(url, CABLE_PROTOCOLS));
    socket.onmessage = (event) => socket === ws && receive(event.data);
    socket.onclose = () => socket === ws && drop();
  }

  // A socket that was still connecting or open gets the 500 ms pause ActionCable gives the
  // server to notice the close; one already closing is replaced at once.
  function reopen() {
    const wasActive = active();
    drop();
    if (!wasActive) return open();
    cancel(reopenTimer);
    reopenTimer = later(open, REOPEN_DELAY_MS);
  }

  function receive(data: unknown) {
    let frame: IncomingFrame;
    try {
      frame = JSON.parse(data as string) || {};
    } catch {
      return;
    }
    // Any frame proves the connection alive, not only pings.
    seen = now();
    const mine = frame.identifier === id;
    switch (frame.type) {
      case 'welcome':
        attempts = 0;
        subscribe();
        break;
      case 'disconnect':
        drop();
        if (!frame.reconnect) api.stop();
        break;
      case 'confirm_subscription':
        if (!mine) break;
        unsubscribed();
        subscribed = true;
        presence();
        onSubscribed?.();
        if (down) {
          down = false;
          onReconnected?.();
        }
        break;
      case 'reject_subscription':
        // The server will not accept this token: stop sending it until the token changes.
        if (mine) rejected = true;
        break;
      default:
        if (mine && frame.message) onEvent(frame.message);
    }
  }

  // ActionCable 6.1 ConnectionMonitor: the attempt counter grows only while stale, and a
  // socket that dropped less than a stale threshold ago is left alone for that poll.
  function poll() {
    pollTimer = later(() => {
      if (stale()) {
        attempts++;
        if (!down || now() - droppedAt >= STALE_THRESHOLD_MS) reopen();
      }
      poll();
    }, pollInterval(attempts));
  }

  // Background tabs throttle timers, and sleep, a frozen page or the back-forward cache stop
  // them: a page coming back (visible, resumed, online, restored) does not wait for the next
  // poll. A socket idle longer than a ping period has missed one and is most likely dead: it is
  // replaced at once, and the gap filled as soon as the new subscription is confirmed.
  function onWake() {
    if (!visibility?.hidden && (now() - seen > PING_INTERVAL_MS || !active())) {
      drop();
      open();
    }
  }
  const listen = (add: boolean) => {
    const method = add ? 'addEventListener' : 'removeEventListener';
    for (const type of DOCUMENT_WAKE) visibility?.[method](type, onWake);
    for (const type of WINDOW_WAKE) page?.[method](type, onWake);
  };

  const api: Cable = {
    start() {
      // Idempotent without a flag: one poll chain, one socket, and the DOM ignores a listener
      // added twice.
      cancel(pollTimer);
      seen = now();
      listen(true);
      open();
      poll();
    },
    stop() {
      [pollTimer, reopenTimer].forEach(cancel);
      unsubscribed();
      listen(false);
      shut();
    },
    setPubsubToken(token) {
      const next = identifierFor(token);
      if (next === id) return;
      send('unsubscribe');
      unsubscribed();
      id = next;
      rejected = false;
      subscribe();
    },
    perform(action, data) {
      // ActionCable appends `action` to the data object, so it serialises last.
      if (subscribed) send('message', JSON.stringify({ ...data, action }));
    },
    get connected() {
      return subscribed;
    },
  };
  return api;
}
