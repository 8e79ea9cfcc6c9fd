/**
 * Where gateway mode keeps the answers Chatwoot gives alike to every visitor of an inbox
 * (`inboxAnswers.ts`): `MemoryAnswerStore` serves one process; `RedisAnswerStore`
 * (server/redis) shares one copy between every gateway process of a deployment, insured by this
 * process's memory (`InsuredAnswerStore`) for when Redis is down, as presence is.
 */
import { TtlCache } from '../lib/ttlCache';

/** A successful answer of Chatwoot's, as it went out to the visitor. */
export interface StoredAnswer {
  contentType: string;
  body: string;
}

export interface AnswerStore {
  /** The live answer under `key`, if any. */
  get(key: string): Promise<StoredAnswer | undefined>;
  /** Keeps `answer` under `key` for `ttlMs`. */
  set(key: string, answer: StoredAnswer, ttlMs: number): Promise<void>;
}

/**
 * Keys one process keeps at most: four per website token it serves (campaigns, agents, the away
 * rule, the agent bot's name) for 1,000 tokens.
 */
const MAX_ENTRIES = 4_000;

/** The answers of one process, in memory. */
export class MemoryAnswerStore implements AnswerStore {
  private readonly answers: TtlCache<string, StoredAnswer>;

  constructor(now: () => number = Date.now) {
    this.answers = new TtlCache(0, MAX_ENTRIES, now);
  }

  async get(key: string): Promise<StoredAnswer | undefined> {
    return this.answers.get(key);
  }

  async set(key: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    this.answers.set(key, answer, ttlMs);
  }
}

/**
 * A shared store insured by this process's memory: every answer is kept in both, and while the
 * shared one fails (Redis down or slow) this process answers from its own copies, or asks
 * Chatwoot, rather than failing the visitor's request.
 */
export class InsuredAnswerStore implements AnswerStore {
  private readonly insurance: MemoryAnswerStore;

  constructor(
    private readonly shared: AnswerStore,
    now?: () => number,
  ) {
    this.insurance = new MemoryAnswerStore(now);
  }

  get(key: string): Promise<StoredAnswer | undefined> {
    return this.shared.get(key).catch(() => this.insurance.get(key));
  }

  async set(key: string, answer: StoredAnswer, ttlMs: number): Promise<void> {
    await this.insurance.set(key, answer, ttlMs);
    await this.shared.set(key, answer, ttlMs).catch(() => undefined);
  }
}
