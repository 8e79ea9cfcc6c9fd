/**
 * Conversation routes of the Application API (docs/protocol.md#application-api). `:id` is the display id.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { ConversationStatus } from '../../../src/shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { conversationJson } from '../../presenters/conversation';
import { seconds } from '../../presenters/time';
import { countConversations, findConversationByDisplayId, listConversations } from '../../repositories/conversations';
import { setTyping } from '../../services/agentActions';
import { setConversationStatus } from '../../services/conversationStatus';
import { teamRead } from '../../services/teamReceipts';
import { isSingleEmailAddress } from '../../../src/shared/email';
import { mailTranscript } from '../../services/transcript';
import { loadConversationView } from '../../services/viewLoaders';
import { EMAIL_INVALID, paramId, queryInt, readBody } from '../body';

const STATUSES = ['open', 'resolved', 'pending', 'snoozed'] as const;
const PER_PAGE = 25;

const ToggleStatus = v.object({
  status: v.optional(v.picklist(STATUSES)),
  snoozed_until: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0)))),
});

const ToggleTyping = v.object({
  typing_status: v.picklist(['on', 'off']),
  is_private: v.optional(v.boolean()),
});

const Transcript = v.object({
  email: v.pipe(v.string(), v.trim(), v.maxLength(255), v.check(isSingleEmailAddress, EMAIL_INVALID)),
});

/** The conversation `:id` (display id) of the request's account; 404 when absent. */
export async function conversationParam(deps: AppDeps, c: Context<AppEnv>) {
  const conversation = await findConversationByDisplayId(deps.db, c.get('account').id, paramId(c, 'id'));
  if (!conversation) throw notFound();
  return conversation;
}

/** Conversation routes (mounted under `/api/v1/accounts/:a`). */
export function conversationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/conversations', async (c) => {
    const status = c.req.query('status') ?? 'open';
    if (status !== 'all' && !(STATUSES as readonly string[]).includes(status))
      throw new ApiError(422, `status must be one of all, ${STATUSES.join(', ')}`);
    const filter = {
      status: status as ConversationStatus | 'all',
      inboxId: queryInt(c, 'inbox_id'),
      page: Math.max(queryInt(c, 'page') ?? 1, 1),
      perPage: PER_PAGE,
    };
    const accountId = c.get('account').id;
    const [{ conversations }, counts] = await Promise.all([
      listConversations(deps.db, accountId, filter),
      countConversations(deps.db, accountId, filter.status, c.get('agent').id),
    ]);
    const views = await Promise.all(conversations.map((conversation) => loadConversationView(deps.db, conversation)));
    const online = await deps.presence.contactsOnline(views.map((view) => view.contact.id));
    return c.json({ data: { meta: counts, payload: views.map((view) => conversationJson(view, online.has(view.contact.id))) } });
  });

  app.get('/conversations/:id', async (c) => {
    const view = await loadConversationView(deps.db, await conversationParam(deps, c));
    return c.json(conversationJson(view, await deps.presence.contactOnline(view.contact.id)));
  });

  app.post('/conversations/:id/toggle_status', async (c) => {
    const conversation = await conversationParam(deps, c);
    const body = await readBody(c, ToggleStatus);
    const status = body.status ?? (conversation.status === 'resolved' ? 'open' : 'resolved');
    const snoozedUntil = status === 'snoozed' && body.snoozed_until ? body.snoozed_until * 1000 : null;
    const updated = await setConversationStatus(deps, conversation, status, snoozedUntil);
    return c.json({
      meta: {},
      payload: {
        success: true,
        conversation_id: updated.display_id,
        current_status: updated.status,
        snoozed_until: seconds(updated.snoozed_until),
      },
    });
  });

  // The agent has the conversation on screen: `agent_last_seen_at` moves to now and the
  // visitor sees their messages read (docs/protocol.md#delivery-status).
  app.post('/conversations/:id/update_last_seen', async (c) => {
    const conversation = await conversationParam(deps, c);
    const updated = await teamRead(deps, conversation);
    return c.json({ id: updated.display_id, agent_last_seen_at: seconds(updated.agent_last_seen_at) });
  });

  app.post('/conversations/:id/transcript', async (c) => {
    const conversation = await conversationParam(deps, c);
    const { email } = await readBody(c, Transcript);
    await mailTranscript(deps, conversation, email.toLowerCase());
    return c.body(null, 200);
  });

  app.post('/conversations/:id/toggle_typing_status', async (c) => {
    const conversation = await conversationParam(deps, c);
    const body = await readBody(c, ToggleTyping);
    await setTyping(deps, conversation, c.get('agent'), body.typing_status === 'on', body.is_private ?? false);
    return c.body(null, 200);
  });

  return app;
}
