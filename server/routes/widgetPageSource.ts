/**
 * The reference server's `/widget` data (docs/protocol.md#the-data-block): the inbox of the
 * website token, the visitor of `cw_conversation` (or a new one, stored at their first write),
 * and the first paint's data, from its own database. The page around it is `widgetPage.ts`'s.
 */
import type { Context } from 'hono';
import type { WidgetBootConfig } from '../../src/shared/types';
import { CSP_SOURCE } from '../config';
import type { AppDeps } from '../context';
import type { Packs } from '../lib/manifest';
import { clientAddress } from '../limits/clientAddress';
import { allowedDomains, channelConfig } from '../presenters/inbox';
import type { Account, Inbox } from '../repositories/inboxes';
import { inboxPortal } from '../repositories/portals';
import { initialData } from '../services/visitorData';
import { resolveVisitor, type VisitorSession } from '../services/visitors';
import { findWebsiteInbox } from './widgetApi/auth';
import { widgetGlobalConfig, type WidgetPageSource } from './widgetPage';

/** `frame-ancestors` from the inbox's allowed domains (`*` when none are configured). */
export function frameAncestors(inbox: Inbox): string {
  const configured = allowedDomains(inbox);
  if (configured.length === 0) return '*';
  const valid = configured.filter((d) => CSP_SOURCE.test(d));
  return valid.length ? ["'self'", ...valid].join(' ') : "'none'";
}

/**
 * The visitor's configuration for the inbox: the channel, their tokens and the installation's
 * global config, as `/widget` and `POST /config` both answer it.
 */
export async function bootConfig(
  deps: AppDeps,
  { inbox, account }: { inbox: Inbox; account: Account },
  visitor: VisitorSession,
  packs: Packs | null,
): Promise<WidgetBootConfig> {
  return {
    chatwootWebChannel: channelConfig(inbox, account, await inboxPortal(deps.db, inbox), deps.config.maxUploadMb),
    chatwootPubsubToken: visitor.ref.pubsubToken,
    authToken: visitor.authToken,
    globalConfig: widgetGlobalConfig(deps.config, packs),
  };
}

/** The page source over the reference server's own database. */
export function widgetPageSource(deps: AppDeps): WidgetPageSource {
  return {
    async load(c: Context, visit, packs) {
      const website = await findWebsiteInbox(deps, visit.websiteToken);
      if (!website) return { ok: false, status: 404, body: { error: 'web widget does not exist' } };
      if (website.account.status !== 'active') return { ok: false, status: 401, body: { error: 'Account is suspended' } };
      const visitor = await resolveVisitor(deps, website.inbox, visit.cwConversation, clientAddress(c, deps.config.trustProxy));
      const config: WidgetBootConfig = {
        ...(await bootConfig(deps, website, visitor, packs)),
        // The first paint's data travels with the page: no API round trip before the widget shows.
        initialData: await initialData(deps, website.inbox, website.account, visitor),
      };
      return { ok: true, config, frameAncestors: frameAncestors(website.inbox) };
    },
  };
}
