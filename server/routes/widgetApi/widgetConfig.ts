/**
 * `POST /api/v1/widget/config` (docs/protocol.md#config): the `/widget` page's data as JSON, for mobile
 * SDKs and for Wren's gateway mode, which builds its own `/widget` page from it. Like the page,
 * it resumes the visitor of a valid `X-Auth-Token` and otherwise starts a new one, stored only at
 * their first write (docs/protocol.md#the-lazy-visitor): until then `contact.id` is null.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { readPacks } from '../../lib/manifest';
import { clientAddress } from '../../limits/clientAddress';
import { publicUrl } from '../../lib/publicUrl';
import { widgetConfigJson } from '../../presenters/widgetConfig';
import { resolveVisitor } from '../../services/visitors';
import { bootConfig } from '../widgetPageSource';

/** The `config` route (mounted under `/api/v1/widget`, after the website token check). */
export function widgetConfigRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.post('/config', async (c) => {
    const inbox = c.get('inbox');
    const visitor = await resolveVisitor(deps, inbox, c.req.header('x-auth-token'), clientAddress(c, deps.config.trustProxy));
    const boot = await bootConfig(deps, { inbox, account: c.get('account') }, visitor, readPacks(deps.config.packsDir));
    const contact = visitor.stored?.contact;
    return c.json(
      widgetConfigJson(
        boot,
        {
          id: contact?.id ?? null,
          name: contact?.name ?? null,
          email: contact?.email ?? null,
          phone_number: contact?.phone_number ?? null,
          identifier: contact?.identifier ?? null,
        },
        publicUrl(''),
        inbox.csat_survey_enabled,
      ),
    );
  });

  return app;
}
