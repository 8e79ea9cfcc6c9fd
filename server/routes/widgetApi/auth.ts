/**
 * Widget API authentication (docs/protocol.md#visitor-token, docs/protocol.md#common-rules): the inbox comes from the `website_token`
 * query, the visitor from the `X-Auth-Token` JWT. Every failure is the same 404, so a caller
 * cannot tell a foreign token from a missing one.
 */
import type { MiddlewareHandler } from 'hono';
import { verifyWidgetToken } from '../../auth/widgetToken';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { findContact, findContactInboxBySource } from '../../repositories/contacts';
import { findAccount, findInboxByToken } from '../../repositories/inboxes';
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

/** Resolves `X-Auth-Token` to this inbox's contact-inbox and contact; 404 otherwise. */
export function visitorAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const inbox = c.get('inbox');
    const claims = await verifyWidgetToken(deps.config.secretKeyBase, c.req.header('x-auth-token'));
    if (!claims || claims.inbox_id !== inbox.id) throw notFound();
    const contactInbox = await findContactInboxBySource(deps.db, inbox.id, claims.source_id);
    const contact = contactInbox && (await findContact(deps.db, contactInbox.contact_id));
    if (!contactInbox || !contact) throw notFound();
    c.set('contactInbox', contactInbox);
    c.set('contact', contact);
    await next();
  };
}
