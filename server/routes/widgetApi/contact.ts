/**
 * `/api/v1/widget/contact` (contract §3.6): the visitor reads and updates only their own
 * contact. `set_user` (HMAC identity) comes in a later step.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { widgetContact } from '../../presenters/contact';
import { applyContactDetails } from '../../services/contactIdentity';
import { readBody, schemas } from '../body';
import { visitorAuth } from './auth';

const UpdateContact = v.object({
  identifier: schemas.optionalText(255),
  email: schemas.optionalText(255),
  name: schemas.optionalText(255),
  avatar_url: schemas.optionalText(2048),
  phone_number: schemas.optionalText(32),
  custom_attributes: v.optional(v.nullable(schemas.attributes)),
  additional_attributes: v.optional(v.nullable(schemas.attributes)),
});

/** The widget's contact routes (mounted under `/api/v1/widget`). */
export function widgetContactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);

  app.get('/contact', auth, (c) => c.json(widgetContact(c.get('contact'))));

  app.patch('/contact', auth, async (c) => {
    const body = await readBody(c, UpdateContact);
    const contact = await applyContactDetails(deps.db, c.get('contact'), body);
    const { identifier: _identifier, ...summary } = widgetContact(contact);
    return c.json(summary);
  });

  return app;
}
