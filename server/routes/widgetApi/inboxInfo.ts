/**
 * Inbox-level widget routes: `inbox_members` and `campaigns` need no visitor token
 * (docs/protocol.md#inbox-members-campaigns-events-labels); `events` does (`campaign.triggered` may open the visitor's conversation).
 * An event is a visitor's write, except `webwidget.triggered` (the window opened) from a visitor
 * not stored yet: it is recorded for the inbox without storing them (docs/protocol.md#the-lazy-visitor).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { AWAY_HEADER } from '../../../src/shared/awayMode';
import type { AppDeps, AppEnv } from '../../context';
import { recordEvent } from '../../repositories/events';
import { runCampaign, triggeredCampaign } from '../../services/campaigns';
import { teamIsAway } from '../../services/teamAvailability';
import { inboxMembers, widgetCampaigns } from '../../services/visitorData';
import { readBody, schemas } from '../body';
import { storedVisitor, visitorAuth, writingVisitor } from './auth';
import { limitVisitorWrite } from './rateLimit';

export const WidgetEvent = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  event_info: v.optional(v.nullable(schemas.attributes)),
});

/** `inbox_members`, `campaigns` and `events` (mounted under `/api/v1/widget`). */
export function widgetInboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // Presence-aware, as Chatwoot's with auto-offline: online only while the agent is there.
  app.get('/inbox_members', async (c) => c.json({ payload: await inboxMembers(deps, c.get('inbox').id) }));

  // The loader's one request for a first-time visitor also says whether the team is away, and
  // what the inbox then offers (docs/behaviour.md#away-mode): in a header, so the answer stays
  // Chatwoot's list. Cached with it for a minute.
  app.get('/campaigns', async (c) => {
    const inbox = c.get('inbox');
    const [campaigns, away] = await Promise.all([widgetCampaigns(deps, inbox, c.get('account')), teamIsAway(deps, inbox)]);
    if (away) c.header(AWAY_HEADER, inbox.away_mode);
    c.header('Access-Control-Expose-Headers', AWAY_HEADER);
    return c.json(campaigns);
  });

  app.post('/events', visitorAuth(deps), limitVisitorWrite(deps, 'eventsPerVisitor', 'eventsPerAddress'), async (c) => {
    const body = await readBody(c, WidgetEvent);
    const inbox = c.get('inbox');
    const eventInfo = {
      ...body.event_info,
      widget_language: c.req.query('locale') ?? null,
      browser_language: c.req.header('accept-language')?.split(',')[0] ?? null,
    };
    const campaign = body.name === 'campaign.triggered' ? await triggeredCampaign(deps, inbox, eventInfo) : undefined;
    const visitor = body.name === 'webwidget.triggered' ? storedVisitor(c) : await writingVisitor(deps, c);
    await recordEvent(deps.db, {
      account_id: inbox.account_id,
      inbox_id: inbox.id,
      contact_inbox_id: visitor?.contactInbox.id ?? null,
      name: body.name,
      event_info: eventInfo,
    });
    if (campaign && visitor) await runCampaign(deps, visitor, campaign, eventInfo);
    return c.body(null, 204);
  });

  return app;
}
