/**
 * What every route and service is handed: the dependencies of `createApp`, and the per-request
 * variables the auth middlewares set.
 */
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { Locks } from './lib/keyedLock';
import type { Logger } from './observability/logger';
import type { RequestEnv } from './observability/requestLog';
import type { RateLimits } from './limits/rateLimits';
import type { Hub } from './realtime/hub';
import type { Account, Inbox } from './repositories/inboxes';
import type { KnownVisitor } from './services/visitorRef';
import type { User } from './repositories/users';
import type { Presence } from './services/presence';
import type { ReadCaches } from './services/readCaches';

export interface AppDeps {
  db: Db;
  config: AppConfig;
  /** Realtime fan-out; across processes through Redis in the scaled mode. */
  hub: Hub;
  /** Who is there: agents and visitors (`services/presence.ts`). */
  presence: Presence;
  /** Per-key mutual exclusion (a visitor's sends); across processes through Redis in the scaled mode. */
  locks: Locks;
  /** The website-token and campaign caches. */
  caches: ReadCaches;
  mailer?: Mailer;
  /** The process logger; unset → nothing is logged (tests). */
  logger?: Logger;
  /** Shared with the cable server, which counts subscriptions against the same limits. */
  limits: RateLimits;
  /** What `/readyz` checks besides the database (Redis). */
  readiness?: { name: string; probe(): Promise<unknown> }[];
  /** True once the process is shutting down: `/readyz` answers 503. */
  draining?: () => boolean;
}

/** Hono environment: variables set by `requestLog`, `widgetAuth` and `agentAuth`. */
export interface AppEnv {
  Variables: RequestEnv['Variables'] & {
    inbox: Inbox;
    /** The widget request's visitor (`visitorAuth`); `stored` once they have written. */
    visitor: KnownVisitor;
    agent: User;
    account: Account;
    /** The call announced the agent's presence to visitors itself: `agentAuth` does not announce their arrival. */
    presenceAnnounced: boolean;
  };
}
