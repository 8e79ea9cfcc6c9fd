/**
 * Inbox-level widget routes: `inbox_members` and `campaigns` need no visitor token
 * (docs/protocol.md#inbox-members-campaigns-events-labels); `events` does (`campaign.triggered` may open the visitor's conversation).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import type { CampaignResponse } from '../../../src/shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { inboxMember, userPushData } from '../../presenters/user';
import { listEnabledCampaigns } from '../../repositories/campaigns';
import { recordEvent } from '../../repositories/events';
import { findUsers, listInboxAgents } from '../../repositories/users';
import { triggerCampaign } from '../../services/campaigns';
import { readBody, schemas } from '../body';
import { visitorAuth } from './auth';
import { limitVisitorWrite } from './rateLimit';

const WidgetEvent = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  event_info: v.optional(v.nullable(schemas.attributes)),
});

/**
 * The loader asks for campaigns cross-origin, without credentials, after the host page is
 * idle: allow any origin and let browsers and proxies reuse the answer for a minute.
 */
export const publicCacheable: MiddlewareHandler = async (c, next) => {
  c.header('Access-Control-Allow-Origin', '*');
  await next();
  c.res.headers.set('Access-Control-Allow-Origin', '*');
  if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=60');
};

/** The inbox's enabled campaigns as the widget reads them. */
async function campaignsPayload(deps: AppDeps, inboxId: number) {
  const campaigns = await listEnabledCampaigns(deps.db, inboxId);
  const senders = new Map(
    (
      await findUsers(
        deps.db,
        campaigns.flatMap((k) => (k.sender_id ? [k.sender_id] : [])),
      )
    ).map((u) => [u.id, u]),
  );
  return campaigns.map((campaign) => {
    const sender = campaign.sender_id ? senders.get(campaign.sender_id) : undefined;
    return {
      id: campaign.display_id,
      trigger_rules: campaign.trigger_rules,
      message: campaign.message,
      trigger_only_during_business_hours: campaign.trigger_only_during_business_hours,
      sender: sender ? userPushData(sender) : null,
    } satisfies CampaignResponse;
  });
}

/** `inbox_members`, `campaigns` and `events` (mounted under `/api/v1/widget`). */
export function widgetInboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/inbox_members', async (c) => {
    const agents = await listInboxAgents(deps.db, c.get('inbox').id);
    // Presence-aware, as Chatwoot's with auto-offline: online only while the agent is there.
    const statuses = await deps.presence.statuses(agents);
    return c.json({ payload: agents.map((agent) => inboxMember(agent, statuses.get(agent.id) ?? 'offline')) });
  });

  app.get('/campaigns', async (c) => {
    if (!c.get('account').feature_flags.includes('campaigns')) return c.json([]);
    return c.json(await deps.caches.campaigns(c.get('inbox').id, () => campaignsPayload(deps, c.get('inbox').id)));
  });

  app.post('/events', visitorAuth(deps), limitVisitorWrite(deps, 'eventsPerVisitor', 'eventsPerAddress'), async (c) => {
    const body = await readBody(c, WidgetEvent);
    const inbox = c.get('inbox');
    const eventInfo = {
      ...body.event_info,
      widget_language: c.req.query('locale') ?? null,
      browser_language: c.req.header('accept-language')?.split(',')[0] ?? null,
    };
    await recordEvent(deps.db, {
      account_id: inbox.account_id,
      inbox_id: inbox.id,
      contact_inbox_id: c.get('contactInbox').id,
      name: body.name,
      event_info: eventInfo,
    });
    if (body.name === 'campaign.triggered') {
      await triggerCampaign(deps, { inbox, contactInbox: c.get('contactInbox'), contact: c.get('contact') }, eventInfo);
    }
    return c.body(null, 204);
  });

  return app;
}
