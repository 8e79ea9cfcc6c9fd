/**
 * What the gateway remembers of the visitors' messages it forwarded to Chatwoot (`sendOnce.ts`),
 * per visitor and `echo_id`, for `SEND_WINDOW_MS`: in this process (`MemorySendLedger`) or, with
 * REDIS_URL, in Redis for every gateway process of a deployment (server/redis/redisSendLedger.ts).
 *
 * Only what recognising a send again needs is kept: its `echo_id`, and either Chatwoot's id for
 * the message that answered it or, while no answer came, when it left and a digest of its text
 * (never the text, never the answer). An entry is never forgotten before the window ends, since
 * the widget may send it again until then (`src/shared/sendWindow.ts`). The ledger is bounded
 * instead by what it takes in: at `SEND_LEDGER_BOUNDS` a new send is refused (`SendLedgerFull`)
 * and the widget keeps it and tries again, rather than an older one being forgotten and so
 * stored twice (docs/operations.md#what-differs-through-a-gateway).
 */
import { createHash } from 'node:crypto';
import { SEND_WINDOW_MS } from '../../src/shared/sendWindow';

/**
 * A message forwarded whose outcome the gateway has not learnt: under way, or Chatwoot's answer
 * never came (it failed, timed out, or the gateway stopped meanwhile). It may be stored.
 */
export interface ForwardedSend {
  state: 'forwarded';
  /** When it was forwarded (ms since the epoch, the gateway's clock). */
  at: number;
  /** `contentDigest` of its text, by which a copy Chatwoot stored is recognised; null for an upload. */
  digest: string | null;
}

/** A message Chatwoot stored: the id of the message that answered the send. */
export interface AnsweredSend {
  state: 'answered';
  messageId: number;
}

export type SendRecord = ForwardedSend | AnsweredSend;

/** A short digest of a message's text: enough to tell a copy of it, without keeping it. */
export function contentDigest(content: string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 22);
}

/** How much a deployment's ledger takes in, and how much of it one visitor may fill. */
export interface SendLedgerBounds {
  /** Sends kept at once, every visitor's. */
  maxSends: number;
  /** Bytes of their keys and records (`entryBytes`), every visitor's. */
  maxBytes: number;
  /** Sends of one visitor kept at once: one visitor never fills the ledger for everyone. */
  maxSendsPerVisitor: number;
}

/**
 * One process's ledger (no Redis). Each send counts `entryBytes` (165 with the widget's UUIDs, at
 * most 384 with the longest `echo_id`) and takes 0.8–0.9 KB of heap, so at most about 45 MB.
 */
export const SEND_LEDGER_BOUNDS: SendLedgerBounds = { maxSends: 50_000, maxBytes: 16 * 1024 * 1024, maxSendsPerVisitor: 2_000 };

/** The ledger every gateway process shares in Redis: about 0.56 KB of Redis memory per send, so at most about 280 MB. */
export const REDIS_SEND_LEDGER_BOUNDS: SendLedgerBounds = { maxSends: 500_000, maxBytes: 80 * 1024 * 1024, maxSendsPerVisitor: 2_000 };

/** Bytes counted for a record: its JSON is at most this long (`{"state":"forwarded","at":…,"digest":"…"}`). */
export const RECORD_BYTES = 96;

/** What one send counts against `maxBytes`: its key (visitor digest and `echo_id`) and its record. */
export const entryBytes = (visitor: string, echoId: string) => Buffer.byteLength(`${visitor}:${echoId}`) + RECORD_BYTES;

/**
 * A new send the ledger cannot take without forgetting a younger one: the visitor's share is
 * full (`visitor`), or everyone's (`everyone`). Nothing was forwarded.
 */
export class SendLedgerFull extends Error {
  override name = 'SendLedgerFull';

  constructor(
    readonly scope: 'visitor' | 'everyone',
    /** Seconds until the oldest send in the way leaves the window (at least 1). */
    readonly retryAfterS: number,
  ) {
    super(`the gateway's ledger of sends is full (${scope})`);
  }
}

/** Whole seconds from `now` until `until`, at least one. */
export const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));

/** The visitor's sends, keyed by `echo_id`. `visitor` is an opaque digest (`sendRequest.ts`). */
export interface SendLedger {
  get(visitor: string, echoId: string): Promise<SendRecord | undefined>;
  /**
   * Keeps `record` for the window, in place of any earlier one of the same `echo_id` (whose place
   * in the bounds it keeps). A send not known yet is taken only within the bounds: otherwise
   * `SendLedgerFull`, and nothing is kept.
   */
  set(visitor: string, echoId: string, record: SendRecord): Promise<void>;
  delete(visitor: string, echoId: string): Promise<void>;
  /**
   * The visitor's messages that answered one of their sends within the window, by Chatwoot's
   * message id, each with that send's `echo_id`: what Chatwoot's lists lack (`sentEchoes.ts`).
   */
  answeredEchoIds(visitor: string): Promise<Map<number, string>>;
}

interface Entry {
  visitor: string;
  echoId: string;
  record: SendRecord;
  expiresAt: number;
  bytes: number;
}

/** One process's ledger, oldest send first (a send set again moves to the end, its window renewed). */
export class MemorySendLedger implements SendLedger {
  private readonly entries = new Map<string, Entry>();
  /** Each visitor's sends, by `echo_id`: a visitor's share and list are read without a scan of all. */
  private readonly byVisitor = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly bounds: SendLedgerBounds = SEND_LEDGER_BOUNDS,
    private readonly now: () => number = Date.now,
  ) {}

  async get(visitor: string, echoId: string): Promise<SendRecord | undefined> {
    this.forgetExpired();
    return this.entries.get(`${visitor}\n${echoId}`)?.record;
  }

  async set(visitor: string, echoId: string, record: SendRecord): Promise<void> {
    this.forgetExpired();
    const key = `${visitor}\n${echoId}`;
    const known = this.entries.get(key);
    if (known) this.remove(key);
    else this.admit(visitor, echoId);
    const entry = { visitor, echoId, record, expiresAt: this.now() + SEND_WINDOW_MS, bytes: entryBytes(visitor, echoId) };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.byVisitor.set(visitor, (this.byVisitor.get(visitor) ?? new Set()).add(echoId));
  }

  async delete(visitor: string, echoId: string): Promise<void> {
    this.remove(`${visitor}\n${echoId}`);
  }

  async answeredEchoIds(visitor: string): Promise<Map<number, string>> {
    this.forgetExpired();
    const echoIds = new Map<number, string>();
    for (const echoId of this.byVisitor.get(visitor) ?? []) {
      const record = this.entries.get(`${visitor}\n${echoId}`)?.record;
      if (record?.state === 'answered') echoIds.set(record.messageId, echoId);
    }
    return echoIds;
  }

  /** Throws `SendLedgerFull` unless a new send of `visitor` fits the bounds. */
  private admit(visitor: string, echoId: string): void {
    const now = this.now();
    const mine = this.byVisitor.get(visitor);
    if (mine && mine.size >= this.bounds.maxSendsPerVisitor) {
      const oldest = this.entries.get(`${visitor}\n${mine.values().next().value}`);
      throw new SendLedgerFull('visitor', secondsUntil(oldest?.expiresAt ?? now, now));
    }
    if (this.entries.size >= this.bounds.maxSends || this.bytes + entryBytes(visitor, echoId) > this.bounds.maxBytes) {
      const oldest = this.entries.values().next().value;
      throw new SendLedgerFull('everyone', secondsUntil(oldest?.expiresAt ?? now, now));
    }
  }

  /** Forgets the sends whose window has ended: the oldest are first. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [key, { expiresAt }] of this.entries) {
      if (expiresAt > now) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const mine = this.byVisitor.get(entry.visitor);
    mine?.delete(entry.echoId);
    if (mine?.size === 0) this.byVisitor.delete(entry.visitor);
  }
}
