/**
 * Rate limits on visitor writes: the one table of limits, their defaults and environment
 * variables, the counters (`rate-limiter-flexible`), and the rejection count.
 *
 * Defaults only stop bursts that abuse produces: many honest visitors share one address (an
 * office, a carrier's NAT, a test suite on loopback), so the per-address limits are generous and
 * the tight ones are per visitor (or per recipient, for mailed transcripts).
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { ApiError } from '../lib/apiError';
import { countRateLimitRejection } from '../observability/metrics';

/** A limit: at most `points` actions per `durationS` seconds per key. */
export interface RateLimit {
  points: number;
  durationS: number;
}

interface RateLimitDefinition extends RateLimit {
  /** The environment variable that sets it (`<points>/<seconds>`) or switches it off (`off`). */
  env: string;
  /** What is counted, for docs/operations.md#rate-limits and error messages. */
  counts: string;
}

/** Every limit, with its default. */
export const RATE_LIMITS = {
  newVisitorsPerAddress: {
    env: 'RATE_LIMIT_NEW_VISITORS_PER_ADDRESS',
    points: 120,
    durationS: 60,
    counts: 'new anonymous visitors minted by `/widget` or `POST /api/v1/widget/config`, per client address',
  },
  conversationsPerVisitor: {
    env: 'RATE_LIMIT_CONVERSATIONS_PER_VISITOR',
    points: 10,
    durationS: 600,
    counts: 'conversations a visitor starts (`POST /conversations`)',
  },
  conversationsPerAddress: {
    env: 'RATE_LIMIT_CONVERSATIONS_PER_ADDRESS',
    points: 300,
    durationS: 600,
    counts: 'conversations started from one client address',
  },
  transcriptsPerVisitor: {
    env: 'RATE_LIMIT_TRANSCRIPTS_PER_VISITOR',
    points: 5,
    durationS: 3600,
    counts: 'transcripts a visitor has mailed',
  },
  transcriptsPerRecipient: {
    env: 'RATE_LIMIT_TRANSCRIPTS_PER_RECIPIENT',
    points: 5,
    durationS: 3600,
    counts: 'transcripts mailed to one address, whoever asks',
  },
  transcriptsPerAddress: {
    env: 'RATE_LIMIT_TRANSCRIPTS_PER_ADDRESS',
    points: 50,
    durationS: 3600,
    counts: 'transcripts requested from one client address',
  },
  eventsPerVisitor: {
    env: 'RATE_LIMIT_EVENTS_PER_VISITOR',
    points: 60,
    durationS: 60,
    counts: 'events a visitor records (`POST /events`)',
  },
  eventsPerAddress: {
    env: 'RATE_LIMIT_EVENTS_PER_ADDRESS',
    points: 1200,
    durationS: 60,
    counts: 'events recorded from one client address',
  },
  contactUpdatesPerVisitor: {
    env: 'RATE_LIMIT_CONTACT_UPDATES_PER_VISITOR',
    points: 30,
    durationS: 60,
    counts: 'contact updates by a visitor (`PATCH /contact`, `set_user`, `destroy_custom_attributes`)',
  },
  contactUpdatesPerAddress: {
    env: 'RATE_LIMIT_CONTACT_UPDATES_PER_ADDRESS',
    points: 600,
    durationS: 60,
    counts: 'contact updates from one client address',
  },
  uploadsPerVisitor: { env: 'RATE_LIMIT_UPLOADS_PER_VISITOR', points: 30, durationS: 600, counts: 'attachment uploads by a visitor' },
  uploadsPerAddress: {
    env: 'RATE_LIMIT_UPLOADS_PER_ADDRESS',
    points: 300,
    durationS: 600,
    counts: 'attachment uploads from one client address',
  },
  cableSubscriptionsPerAddress: {
    env: 'RATE_LIMIT_CABLE_SUBSCRIPTIONS_PER_ADDRESS',
    points: 300,
    durationS: 60,
    counts: 'cable subscriptions from one client address',
  },
} as const satisfies Record<string, RateLimitDefinition>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limits in force: a limit that is switched off is null. */
export type RateLimitSettings = Record<RateLimitName, RateLimit | null>;

/** The defaults of `RATE_LIMITS`, all on. */
export function defaultRateLimits(): RateLimitSettings {
  return Object.fromEntries(
    Object.entries(RATE_LIMITS).map(([name, { points, durationS }]) => [name, { points, durationS }]),
  ) as RateLimitSettings;
}

/** Where the counters live when several processes share them (the scaled mode). */
export interface SharedCounterStore {
  redis: Redis;
  /** What every key starts with (`wren:`). */
  prefix: string;
}

/**
 * The counter store: in the process's memory, or in Redis so that every process counts
 * against the same limit. Should Redis fail, each process falls back to counting in memory
 * (rate-limiter-flexible's insurance limiter) rather than refusing or waving everything through.
 */
function createCounter(name: RateLimitName, limit: RateLimit, shared?: SharedCounterStore): RateLimiterAbstract {
  const options = { keyPrefix: name, points: limit.points, duration: limit.durationS };
  if (!shared) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    keyPrefix: `${shared.prefix}limit:${name}`,
    storeClient: shared.redis,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(options),
  });
}

/** 429 `{ error }` with the seconds to wait, sent as `Retry-After` too. */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';

  constructor(override readonly retryAfterS: number) {
    super(429, `Too many requests; try again in ${retryAfterS} seconds`);
  }
}

/** The counters of one server process (shared with the others through `shared`), and how many actions each limit has refused. */
export class RateLimits {
  private readonly counters = new Map<RateLimitName, RateLimiterAbstract>();
  /** Refused actions per limit since start, by this process (for metrics). */
  readonly rejections = new Map<RateLimitName, number>();

  constructor(settings: RateLimitSettings = defaultRateLimits(), shared?: SharedCounterStore) {
    for (const [name, limit] of Object.entries(settings) as [RateLimitName, RateLimit | null][]) {
      if (limit) this.counters.set(name, createCounter(name, limit, shared));
    }
  }

  /** Counts one action of `key` against `name`; throws `RateLimitedError` when over the limit. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    const counter = this.counters.get(name);
    if (!counter) return;
    try {
      await counter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      this.rejections.set(name, (this.rejections.get(name) ?? 0) + 1);
      countRateLimitRejection(name);
      throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    }
  }

  /** Like `consume`, but answers whether the action is allowed instead of throwing. */
  async allows(name: RateLimitName, key: string): Promise<boolean> {
    try {
      await this.consume(name, key);
      return true;
    } catch (error) {
      if (error instanceof RateLimitedError) return false;
      throw error;
    }
  }
}
