/**
 * `GET /api/v1/accounts/:a/contacts/search?q=` (docs/protocol.md#application-api).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { contactJson } from '../../presenters/contact';
import { searchContacts } from '../../repositories/contacts';
import { queryInt } from '../body';

const PER_PAGE = 15;

/** Contact routes (mounted under `/api/v1/accounts/:a`). */
export function contactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/contacts/search', async (c) => {
    const q = c.req.query('q')?.trim();
    if (!q) throw new ApiError(422, 'Specify search string with parameter q');
    if (q.length > 255) throw new ApiError(422, 'q is too long (maximum is 255 characters)');
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const { contacts, count } = await searchContacts(deps.db, c.get('account').id, q, page, PER_PAGE);
    const online = await deps.presence.contactsOnline(contacts.map((contact) => contact.id));
    return c.json({
      meta: { count, current_page: page, has_more: page * PER_PAGE < count },
      payload: contacts.map((contact) => contactJson(contact, online.has(contact.id))),
    });
  });

  return app;
}
