/**
 * `GET /api/v1/accounts/:a/contacts` and `…/contacts/search?q=` (docs/protocol.md#application-api):
 * 15 per page, `meta.count` the total.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { contactJson } from '../../presenters/contact';
import { searchContacts } from '../../repositories/contacts';
import { queryInt } from '../body';

const PER_PAGE = 15;

/** Contact routes (mounted under `/api/v1/accounts/:a`). */
export function contactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const answer = async (c: Context<AppEnv>, q: string | undefined) => {
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const { contacts, count } = await searchContacts(deps.db, c.get('account').id, q, page, PER_PAGE);
    return c.json({ meta: { count, current_page: page, has_more: page * PER_PAGE < count }, payload: contacts.map(contactJson) });
  };

  // Identified contacts only (an e-mail, phone or identifier), as Chatwoot lists them.
  app.get('/contacts', (c) => answer(c, undefined));

  app.get('/contacts/search', async (c) => {
    const q = c.req.query('q')?.trim();
    if (!q) throw new ApiError(422, 'Specify search string with parameter q');
    if (q.length > 255) throw new ApiError(422, 'q is too long (maximum is 255 characters)');
    return answer(c, q);
  });

  return app;
}
