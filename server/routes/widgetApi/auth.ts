/**
 * Widget API authentication (docs/protocol.md#visitor-token, docs/protocol.md#common-rules): the inbox comes from the `website_token`
 * query, the visitor from the `X-Auth-Token` JWT. Every failure is the same 404, so a caller
 * cannot tell a foreign token from a missing one. A visitor may not be stored yet
 * (docs/protocol.md#the-lazy-visitor): reads answer as for a visitor with nothing, and a write
 * stores them first through `writingVisitor`.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { findAccount, findInboxByToken } from '../../repositories/inboxes';
import { storeVisitor, visitorOfToken, type StoredVisitor } from '../../services/visitors';
import type { WebsiteInbox } from '../../services/readCaches';

/** The inbox of `token` with its account, through the website-token cache. */
export function findWebsiteInbox(deps: AppDeps, token: string | undefined): Promise<WebsiteInbox | undefined> {
  if (!token) return Promise.resolve(undefined);
  return deps.caches.websiteInbox(token, async () => {
    const inbox = await findInboxByToken(deps.db, token);
    const account = inbox && (await findAccount(deps.db, inbox.account_id));
    return inbox && account ? { inbox, account } : undefined;
  });
}

/** Resolves `?website_token=` to the inbox and its account; 404 when unknown. */
export function websiteInbox(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { inbox, account } = (await findWebsiteInbox(deps, c.req.query('website_token'))) ?? {};
    if (!inbox || !account) throw notFound();
    if (account.status !== 'active') throw new ApiError(401, 'Account is suspended');
    c.set('inbox', inbox);
    c.set('account', account);
    await next();
  };
}

/**
 * Resolves `X-Auth-Token` to this inbox's visitor, stored or not yet; 404 otherwise. The call is
 * a sign of life of their widget (docs/protocol.md#presence), by its pubsub token as the cable's.
 */
export function visitorAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const visitor = await visitorOfToken(deps, c.get('inbox'), c.req.header('x-auth-token'));
    if (!visitor) throw notFound();
    c.set('visitor', visitor);
    await seen(deps, c, visitor.ref.pubsubToken);
    await next();
  };
}

/** Records a sign of life of the visitor's widget; a hiccup doing so never fails their call. */
async function seen(deps: AppDeps, c: Context<AppEnv>, pubsubToken: string): Promise<void> {
  await deps.presence.visitorSeen(pubsubToken).catch((error: Error) => c.get('log').warn({ err: error.message }, 'presence not recorded'));
}

/** The visitor's rows, or undefined while they have not written: a read then answers "nothing". */
export function storedVisitor(c: Context<AppEnv>): StoredVisitor | undefined {
  return c.get('visitor').stored;
}

/**
 * The visitor's rows for a write, storing the visitor now when this is their first write. Call it
 * once the request is known to be valid, so a rejected request stores nothing.
 */
export async function writingVisitor(deps: AppDeps, c: Context<AppEnv>): Promise<StoredVisitor> {
  const visitor = c.get('visitor');
  visitor.stored ??= await storeVisitor(deps, visitor.ref);
  return visitor.stored;
}

/** The key the per-visitor rate limits count under: the same before and after the visitor is stored. */
export function visitorKey(c: Context<AppEnv>): string {
  const { ref } = c.get('visitor');
  return `${ref.inbox.id}:${ref.sourceId}`;
}
