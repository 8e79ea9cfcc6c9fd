/**
 * `GET /api/v1/accounts/:a/contacts?page=&sort=` and `GET …/contacts/search?q=`
 * (docs/protocol.md#application-api): 15 per page, as Chatwoot's.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { contactJson } from '../../presenters/contact';
import { CONTACT_SORTS, listContacts, searchContacts, type ContactSort } from '../../repositories/contacts';
import { queryInt } from '../body';

const PER_PAGE = 15;

/** Chatwoot's `sort`: a column, `-` first for descending; by default the latest activity first. */
function parseSort(raw: string | undefined): { sort: ContactSort; descending: boolean } {
  if (!raw) return { sort: 'last_activity_at', descending: true };
  const descending = raw.startsWith('-');
  const sort = (descending ? raw.slice(1) : raw) as ContactSort;
  if (!CONTACT_SORTS.includes(sort)) {
    throw new ApiError(422, `sort must be one of ${CONTACT_SORTS.join(', ')}, with a leading - for descending order`);
  }
  return { sort, descending };
}

/** Contact routes (mounted under `/api/v1/accounts/:a`). */
export function contactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  // Every contact of the account, anonymous visitors included: since visitors are stored only at
  // their first write (docs/protocol.md#the-lazy-visitor), each one is someone who wrote.
  app.get('/contacts', async (c) => {
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const { contacts, count } = await listContacts(deps.db, c.get('account').id, {
      page,
      perPage: PER_PAGE,
      ...parseSort(c.req.query('sort')),
    });
    const online = await deps.presence.contactsOnline(contacts.map((contact) => contact.id));
    return c.json({
      meta: { count, current_page: page },
      payload: contacts.map((contact) => contactJson(contact, online.has(contact.id))),
    });
  });

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
