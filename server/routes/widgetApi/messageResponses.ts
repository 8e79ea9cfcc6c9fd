/**
 * `PATCH /api/v1/widget/messages/:id` (docs/protocol.md#messages): the visitor answers an interactive
 * message of their own conversation; any other id is 404, whatever inbox it is in.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../lib/apiError';
import { contactJson } from '../../presenters/contact';
import { findVisitorMessage } from '../../repositories/messages';
import { identifyContact } from '../../services/contactIdentity';
import { answerMessage } from '../../services/messageResponses';
import { paramId, readBody, schemas } from '../body';
import { storedVisitor, visitorAuth } from './auth';

export const Answer = v.object({
  contact: v.optional(v.nullable(v.object({ email: schemas.optionalEmail }))),
  message: v.optional(v.nullable(v.object({ submitted_values: v.optional(v.unknown()) }))),
});

/** The answer route (mounted under `/api/v1/widget`). */
export function messageResponseRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.on(['PATCH', 'PUT'], '/messages/:id', visitorAuth(deps), async (c) => {
    const id = paramId(c, 'id');
    // A visitor not stored yet has no messages to answer.
    const visitor = storedVisitor(c);
    const message = visitor && (await findVisitorMessage(deps.db, visitor.contactInbox, id));
    if (!visitor || !message) throw notFound();
    const body = await readBody(c, Answer);
    const { contact } = await answerMessage(
      deps,
      visitor,
      message,
      body,
      async (email) => (await identifyContact(deps.db, visitor, { email })).contact,
    );
    return c.json(contact ? { contact: contactJson(contact, await deps.presence.contactOnline(contact.id)) } : {});
  });

  return app;
}
