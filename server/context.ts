/**
 * What every route and service is handed: the dependencies of `createApp`, and the per-request
 * variables the auth middlewares set.
 */
import type { AppConfig } from './config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { Logger } from './observability/logger';
import type { RateLimits } from './limits/rateLimits';
import type { Hub } from './realtime/hub';
import type { Account, Inbox } from './repositories/inboxes';
import type { KnownVisitor } from './services/visitorRef';
import type { User } from './repositories/users';

export interface AppDeps {
  db: Db;
  config: AppConfig;
  hub: Hub;
  mailer?: Mailer;
  /** The process logger; unset → nothing is logged (tests). */
  logger?: Logger;
  /** Shared with the cable server, which counts subscriptions against the same limits. */
  limits: RateLimits;
}

/** Hono environment: variables set by `requestLog`, `widgetAuth` and `agentAuth`. */
export interface AppEnv {
  Variables: {
    inbox: Inbox;
    /** The widget request's visitor (`visitorAuth`); `stored` once they have written. */
    visitor: KnownVisitor;
    agent: User;
    account: Account;
    requestId: string;
    /** The request's logger: every line carries `request_id`. */
    log: Logger;
  };
}
