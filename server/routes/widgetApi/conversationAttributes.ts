/**
 * The visitor's conversation attributes and labels (docs/protocol.md#conversations, docs/protocol.md#inbox-members-campaigns-events-labels):
 * `conversations/set_custom_attributes` (replaces, 204), `conversations/destroy_custom_attributes`
 * (200 with the conversation), `POST /labels` and `DELETE /labels/:label` (204; only labels
 * that exist in the account, 422 for one that does not; only when a conversation exists).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { conversationPushData } from '../../presenters/conversation';
import { latestConversation } from '../../repositories/conversations';
import { addLabel, removeCustomAttributes, removeLabel, replaceCustomAttributes } from '../../services/conversationUpdates';
import { readBody, schemas } from '../body';
import { storedVisitor, visitorAuth } from './auth';

export const SetAttributes = v.object({ custom_attributes: schemas.attributes });
export const DestroyAttributes = v.object({ custom_attribute: v.pipe(v.array(v.pipe(v.string(), v.maxLength(255))), v.maxLength(100)) });
export const AddLabel = v.object({ label: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(255)) });

/** Conversation attribute and label routes (mounted under `/api/v1/widget`). */
export function widgetConversationAttributeRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);
  // A visitor not stored yet has no conversation: nothing here stores them.
  const current = async (c: Context<AppEnv>) => {
    const contactInbox = storedVisitor(c)?.contactInbox;
    return contactInbox && latestConversation(deps.db, contactInbox);
  };

  app.post('/conversations/set_custom_attributes', auth, async (c) => {
    const { custom_attributes: attributes } = await readBody(c, SetAttributes);
    const conversation = await current(c);
    if (!conversation) throw notFound();
    await replaceCustomAttributes(deps, conversation, attributes);
    return c.body(null, 204);
  });

  app.post('/conversations/destroy_custom_attributes', auth, async (c) => {
    const { custom_attribute: keys } = await readBody(c, DestroyAttributes);
    const conversation = await current(c);
    if (!conversation) throw notFound();
    return c.json(conversationPushData(await removeCustomAttributes(deps, conversation, keys), 'visitor'));
  });

  app.post('/labels', auth, async (c) => {
    const { label } = await readBody(c, AddLabel);
    const conversation = await current(c);
    // Wren: a label the account does not have is a 422 (Chatwoot answers 204 and adds nothing),
    // so the widget can tell the site's developer (docs/protocol.md#inbox-members-campaigns-events-labels).
    if (conversation && !(await addLabel(deps, conversation, label))) throw new ApiError(422, `Label not found: ${label}`);
    return c.body(null, 204);
  });

  app.delete('/labels/:label', auth, async (c) => {
    const conversation = await current(c);
    if (conversation) await removeLabel(deps, conversation, c.req.param('label'));
    return c.body(null, 204);
  });

  return app;
}
