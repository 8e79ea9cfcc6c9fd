/**
 * `GET /api/v1/accounts/:a/csat_survey_responses` (Chatwoot's path): the ratings visitors gave,
 * newest first, 25 per `page`. Read-only.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { contactPushData } from '../../presenters/contact';
import { iso } from '../../presenters/time';
import { userPushData } from '../../presenters/user';
import { findContacts } from '../../repositories/contacts';
import { findConversation } from '../../repositories/conversations';
import { listCsatResponses } from '../../repositories/csat';
import { findUsers } from '../../repositories/users';
import { queryInt } from '../body';

const PER_PAGE = 25;

/** CSAT routes (mounted under `/api/v1/accounts/:a`). */
export function csatRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/csat_survey_responses', async (c) => {
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const responses = await listCsatResponses(deps.db, c.get('account').id, page, PER_PAGE);
    const [contacts, agents, conversations] = await Promise.all([
      findContacts(
        deps.db,
        responses.map((r) => r.contact_id),
      ),
      findUsers(
        deps.db,
        responses.flatMap((r) => (r.assigned_agent_id ? [r.assigned_agent_id] : [])),
      ),
      Promise.all([...new Set(responses.map((r) => r.conversation_id))].map((id) => findConversation(deps.db, id))),
    ]);
    const contactById = new Map(contacts.map((x) => [x.id, x]));
    const agentById = new Map(agents.map((x) => [x.id, x]));
    const displayId = new Map(conversations.flatMap((x) => (x ? [[x.id, x.display_id] as const] : [])));
    return c.json(
      responses.map((r) => {
        const contact = contactById.get(r.contact_id);
        const agent = r.assigned_agent_id ? agentById.get(r.assigned_agent_id) : undefined;
        return {
          id: r.id,
          rating: r.rating,
          feedback_message: r.feedback_message,
          account_id: r.account_id,
          message_id: r.message_id,
          conversation_id: displayId.get(r.conversation_id) ?? null,
          contact: contact ? contactPushData(contact) : null,
          assigned_agent: agent ? userPushData(agent) : null,
          created_at: iso(r.created_at),
          updated_at: iso(r.updated_at),
        };
      }),
    );
  });

  return app;
}
