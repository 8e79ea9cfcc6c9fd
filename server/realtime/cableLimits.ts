/**
 * What one cable socket may ask of the server, in one place (docs/protocol.md#limits, README
 * "Security"). Honest clients stay far inside: a widget sends `catch_up` once per subscription
 * and `update_presence` every 20 s per subscription, and reads what it is sent.
 */
import { CABLE_ACTIONS } from '../../src/shared/cable';
import { countRateLimitRejection } from '../observability/metrics';

/** A budget that refills: `burst` at once, then one more every `refillMs`. */
export interface ActionRate {
  burst: number;
  refillMs: number;
}

/**
 * Actions a socket may perform, over all its subscriptions (at most 5). An action beyond its
 * budget is ignored and counted in `wren_rate_limit_rejections_total` under `limit`. Wren's own
 * cable and the gateway's forward of Chatwoot's hold the same budgets (`ActionBudgets`).
 */
export const CABLE_ACTION_RATES = {
  // A catch-up reads up to a page of history: 10 at once, then one every 6 s (10 a minute).
  [CABLE_ACTIONS.catchUp]: { burst: 10, refillMs: 6_000, limit: 'cableCatchUpPerSocket' },
  // Five subscriptions pinging every 20 s make 15 a minute: 10 at once, then one every 2 s (30 a minute).
  [CABLE_ACTIONS.updatePresence]: { burst: 10, refillMs: 2_000, limit: 'cablePresencePerSocket' },
} as const satisfies Record<string, ActionRate & { limit: string }>;

/** Frames received and not handled yet beyond which the socket is no longer read until they are. */
export const MAX_PENDING_FRAMES = 16;

/**
 * Bytes waiting in the socket's send buffer beyond which it is no longer read: a client that
 * does not read its answers gets no new ones until it does.
 */
export const SEND_BUFFER_PAUSE_BYTES = 1024 * 1024;

/**
 * Bytes waiting in the send buffer beyond which the socket is closed: broadcasts keep coming to
 * a client that never reads, and cannot be held for ever. Above the largest single answer (a
 * catch-up page), so an honest client on a slow link is never cut off by one.
 */
export const SEND_BUFFER_CLOSE_BYTES = 32 * 1024 * 1024;

/** A token bucket for one action of one socket. */
export class ActionBudget {
  private tokens: number;
  private refilledAt: number;

  constructor(
    private readonly rate: ActionRate,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = rate.burst;
    this.refilledAt = now();
  }

  /** Spends one token; false when there is none left. */
  take(): boolean {
    const now = this.now();
    const earned = Math.floor((now - this.refilledAt) / this.rate.refillMs);
    if (earned > 0) {
      this.tokens = Math.min(this.rate.burst, this.tokens + earned);
      this.refilledAt = this.tokens === this.rate.burst ? now : this.refilledAt + earned * this.rate.refillMs;
    }
    if (this.tokens === 0) return false;
    this.tokens--;
    return true;
  }
}

type LimitedAction = keyof typeof CABLE_ACTION_RATES;

const isLimited = (action: unknown): action is LimitedAction => typeof action === 'string' && Object.hasOwn(CABLE_ACTION_RATES, action);

/** The action budgets of one socket. */
export class ActionBudgets {
  private readonly budgets = new Map<LimitedAction, ActionBudget>();

  constructor(private readonly now?: () => number) {}

  /** Spends one of `action` if it has a budget; false, and counted, when none is left. */
  allows(action: unknown): boolean {
    if (!isLimited(action)) return true;
    let budget = this.budgets.get(action);
    if (!budget) this.budgets.set(action, (budget = new ActionBudget(CABLE_ACTION_RATES[action], this.now)));
    if (budget.take()) return true;
    countRateLimitRejection(CABLE_ACTION_RATES[action].limit);
    return false;
  }
}

/** The action an ActionCable client frame performs (`{"command":"message","data":"{\"action\":…}"}`), if any. */
export function performedAction(frame: string): string | undefined {
  try {
    const { command, data } = JSON.parse(frame) as { command?: unknown; data?: unknown };
    if (command !== 'message' || typeof data !== 'string') return undefined;
    const { action } = JSON.parse(data) as { action?: unknown };
    return typeof action === 'string' ? action : undefined;
  } catch {
    return undefined;
  }
}
