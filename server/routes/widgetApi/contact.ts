/**
 * `/api/v1/widget/contact*` (docs/protocol.md#contact): the visitor reads and updates only their own
 * contact; `set_user` identifies them (HMAC-checked); custom attributes can be removed. A visitor
 * not stored yet reads an empty contact, and is stored by the first update that carries
 * something to store (docs/protocol.md#the-lazy-visitor).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { blankContactJson, contactJson, widgetContact } from '../../presenters/contact';
import { updateContact } from '../../repositories/contacts';
import { carriesDetails, checkProofWhereMandatory, identifyContact, NO_IDENTITY } from '../../services/contactIdentity';
import { setUser } from '../../services/setUser';
import { readBody, schemas } from '../body';
import { storedVisitor, visitorAuth, writingVisitor } from './auth';
import { limitVisitorWrite } from './rateLimit';

const attributes = v.optional(v.nullable(schemas.attributes));

const ContactFields = {
  identifier: v.optional(v.nullable(v.union([v.pipe(v.string(), v.maxLength(255)), v.pipe(v.number(), v.transform(String))]))),
  email: schemas.contactEmail,
  name: schemas.optionalText(255),
  avatar_url: schemas.optionalText(2048),
  phone_number: schemas.optionalText(32),
  custom_attributes: attributes,
  additional_attributes: attributes,
};

export const UpdateContact = v.object(ContactFields);
export const SetUser = v.object({ ...ContactFields, identifier_hash: schemas.optionalText(128) });
export const DestroyAttributes = v.object({ custom_attributes: v.pipe(v.array(v.pipe(v.string(), v.maxLength(255))), v.maxLength(100)) });

/** `{id, has_email, has_name, has_phone_number}`: the update answers, without `identifier`. */
function summary(contact: Parameters<typeof widgetContact>[0]) {
  const { identifier: _identifier, ...rest } = widgetContact(contact);
  return rest;
}

/** The widget's contact routes (mounted under `/api/v1/widget`). */
export function widgetContactRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);
  const contactWrite = limitVisitorWrite(deps, 'contactUpdatesPerVisitor', 'contactUpdatesPerAddress');

  app.get('/contact', auth, (c) => c.json(widgetContact(storedVisitor(c)?.contact)));

  app.patch('/contact', auth, contactWrite, async (c) => {
    const body = await readBody(c, UpdateContact);
    const inbox = c.get('inbox');
    const current = storedVisitor(c)?.contact;
    // This route takes no hash: the proof rule answers first, then this route's own limit.
    checkProofWhereMandatory({ inbox, contact: current ?? NO_IDENTITY }, body);
    const identifier = body.identifier?.trim();
    if (identifier && current?.identifier && current.identifier !== identifier) {
      throw new ApiError(422, 'Identifier cannot be changed here; use set_user');
    }
    if (!current && !carriesDetails(body)) return c.json(summary(undefined));
    const { contact } = await identifyContact(deps.db, { inbox, contact: (await writingVisitor(deps, c)).contact }, body);
    return c.json(summary(contact));
  });

  app.patch('/contact/set_user', auth, contactWrite, async (c) => {
    const body = await readBody(c, SetUser);
    const result = await setUser(deps, c.get('inbox'), c.get('visitor'), body);
    // Wren extension: with a new token comes its pubsub token, so the widget can move its socket.
    return c.json({
      ...summary(result.contact),
      ...(result.authToken && { widget_auth_token: result.authToken, pubsub_token: result.contactInbox.pubsub_token }),
    });
  });

  app.post('/contact/destroy_custom_attributes', auth, contactWrite, async (c) => {
    const { custom_attributes: keys } = await readBody(c, DestroyAttributes);
    const contact = storedVisitor(c)?.contact;
    // Nothing stored, nothing to remove: no reason to store the visitor.
    if (!contact) return c.json(blankContactJson());
    const remaining = Object.fromEntries(Object.entries(contact.custom_attributes).filter(([key]) => !keys.includes(key)));
    const updated = await updateContact(deps.db, contact.id, { custom_attributes: remaining });
    return c.json(contactJson(updated, await deps.presence.contactOnline(updated.id)));
  });

  return app;
}
