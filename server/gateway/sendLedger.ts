/**
 * What the gateway remembers of the visitors' messages it forwarded to Chatwoot (`sendOnce.ts`),
 * per visitor and `echo_id`, for `SEND_WINDOW_MS`: in this process (`MemorySendLedger`) or, with
 * REDIS_URL, in Redis for every gateway process of a deployment (server/redis/redisSendLedger.ts).
 */

import { SEND_WINDOW_MS } from '../../src/shared/sendWindow';

/**
 * A message forwarded whose outcome the gateway has not learnt: under way, or Chatwoot's answer
 * never came (it failed, timed out, or the gateway stopped meanwhile). It may be stored.
 */
export interface ForwardedSend {
  state: 'forwarded';
  /** When it was forwarded (ms since the epoch, the gateway's clock). */
  at: number;
  /** Its text, by which a copy Chatwoot stored is recognised; null for an upload. */
  content: string | null;
}

/** A message Chatwoot stored, with its answer as the visitor got it. */
export interface AnsweredSend {
  state: 'answered';
  /** A digest of the visitor token that sent it (`sendRequest.ts`). */
  token: string;
  messageId: number;
  status: number;
  contentType: string;
  body: string;
}

export type SendRecord = ForwardedSend | AnsweredSend;

/** The visitor's sends, keyed by `echo_id`. `visitor` is an opaque digest (`sendRequest.ts`). */
export interface SendLedger {
  get(visitor: string, echoId: string): Promise<SendRecord | undefined>;
  /** Keeps `record` for the window, in place of any earlier one of the same `echo_id`. */
  set(visitor: string, echoId: string, record: SendRecord): Promise<void>;
  delete(visitor: string, echoId: string): Promise<void>;
  /**
   * The visitor's messages that answered one of their sends within the window, by Chatwoot's
   * message id, each with that send's `echo_id`: what Chatwoot's lists lack (`sentEchoes.ts`).
   */
  answeredEchoIds(visitor: string): Promise<Map<number, string>>;
}

/** Bounds of one process's ledger: sends, and bytes of the answers kept (each about 1 KB). */
export const MEMORY_LEDGER_BOUNDS = { maxSends: 50_000, maxBytes: 32 * 1024 * 1024 } as const;

interface Entry {
  visitor: string;
  echoId: string;
  record: SendRecord;
  expiresAt: number;
  bytes: number;
}

/** Roughly what `record` holds in memory: its strings, at two bytes a character. */
function weight(record: SendRecord): number {
  const text = record.state === 'answered' ? record.body.length + record.contentType.length : (record.content?.length ?? 0);
  return 2 * text + 100;
}

/**
 * One process's ledger, oldest send first: past the window a send is forgotten, and so is the
 * oldest once the bounds are reached, which a deployment that outgrows them reads as a shorter
 * window (docs/operations.md#what-differs-through-a-gateway).
 */
export class MemorySendLedger implements SendLedger {
  private readonly entries = new Map<string, Entry>();
  /** Each visitor's answered sends, by `echo_id`: a visitor's list is read without a scan of all. */
  private readonly answered = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly bounds: { maxSends: number; maxBytes: number } = MEMORY_LEDGER_BOUNDS,
    private readonly now: () => number = Date.now,
  ) {}

  async get(visitor: string, echoId: string): Promise<SendRecord | undefined> {
    const key = `${visitor}\n${echoId}`;
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) this.remove(key);
    return this.entries.get(key)?.record;
  }

  async set(visitor: string, echoId: string, record: SendRecord): Promise<void> {
    const key = `${visitor}\n${echoId}`;
    this.remove(key);
    const entry = { visitor, echoId, record, expiresAt: this.now() + SEND_WINDOW_MS, bytes: weight(record) };
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    if (record.state === 'answered') {
      const echoIds = this.answered.get(visitor) ?? new Set();
      this.answered.set(visitor, echoIds.add(echoId));
    }
    for (const [oldest, { expiresAt }] of this.entries) {
      const full = this.entries.size > this.bounds.maxSends || this.bytes > this.bounds.maxBytes;
      if (!full && expiresAt > this.now()) break;
      if (oldest === key) break;
      this.remove(oldest);
    }
  }

  async delete(visitor: string, echoId: string): Promise<void> {
    this.remove(`${visitor}\n${echoId}`);
  }

  async answeredEchoIds(visitor: string): Promise<Map<number, string>> {
    const echoIds = new Map<number, string>();
    const now = this.now();
    for (const echoId of this.answered.get(visitor) ?? []) {
      const entry = this.entries.get(`${visitor}\n${echoId}`);
      if (entry && entry.expiresAt > now && entry.record.state === 'answered') echoIds.set(entry.record.messageId, echoId);
    }
    return echoIds;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const echoIds = this.answered.get(entry.visitor);
    echoIds?.delete(entry.echoId);
    if (echoIds?.size === 0) this.answered.delete(entry.visitor);
  }
}
