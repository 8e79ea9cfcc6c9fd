/**
 * `/api/v1/widget/conversations*` (docs/protocol.md#conversations). "The conversation" is always the visitor's
 * most recent one; there is no conversation id in these URLs. A visitor not stored yet has none
 * (docs/protocol.md#the-lazy-visitor); starting one stores them.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { contactJson } from '../../presenters/contact';
import { conversationSummary } from '../../presenters/conversation';
import { widgetMessage } from '../../presenters/message';
import { latestConversation } from '../../repositories/conversations';
import { setConversationStatus } from '../../services/conversationStatus';
import { checkProofWhereMandatory, identifyContact, NO_IDENTITY } from '../../services/contactIdentity';
import { markSeen, setVisitorTyping } from '../../services/visitorActivity';
import { visitorWrote } from '../../observability/activity';
import { checkContent, postIncomingMessage } from '../../services/visitorMessages';
import { readBody, schemas } from '../body';
import { storedVisitor, visitorAuth, writingVisitor } from './auth';
import { limitVisitorWrite } from './rateLimit';

export const CreateConversation = v.object({
  contact: v.optional(
    v.object({
      name: schemas.optionalText(255),
      email: schemas.contactEmail,
      phone_number: schemas.optionalText(32),
    }),
  ),
  message: v.object({
    content: v.optional(v.nullable(v.string())),
    timestamp: v.optional(v.unknown()),
    referer_url: schemas.optionalText(2048),
    // A retried start (its answer lost) is answered with what the first one stored.
    echo_id: schemas.optionalText(255),
  }),
  custom_attributes: v.optional(v.nullable(schemas.attributes)),
});

export const ToggleTyping = v.object({ typing_status: v.optional(v.picklist(['on', 'off'])) });

/** The widget's conversation routes (mounted under `/api/v1/widget`). */
export function widgetConversationRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);

  /** The visitor's latest conversation; none for a visitor not stored yet. */
  const current = async (c: Context<AppEnv>) => {
    const visitor = storedVisitor(c);
    const conversation = visitor && (await latestConversation(deps.db, visitor.contactInbox));
    return visitor && conversation ? { visitor, conversation } : undefined;
  };

  app.get('/conversations', auth, async (c) => {
    const found = await current(c);
    return c.json(found ? conversationSummary(found.conversation) : {});
  });

  app.post('/conversations', auth, limitVisitorWrite(deps, 'conversationsPerVisitor', 'conversationsPerAddress'), async (c) => {
    const body = await readBody(c, CreateConversation);
    // A request that will be refused stores nothing, the visitor included.
    checkContent(body.message.content);
    if (body.contact) checkProofWhereMandatory({ inbox: c.get('inbox'), contact: storedVisitor(c)?.contact ?? NO_IDENTITY }, body.contact);
    const visitor = await writingVisitor(deps, c);
    const contact = body.contact
      ? (await identifyContact(deps.db, visitor, body.contact, { nameOnlyIfAnonymous: true })).contact
      : visitor.contact;
    const { view, created } = await postIncomingMessage(deps, { ...visitor, contact }, body.message, {
      newConversation: true,
      custom_attributes: body.custom_attributes ?? {},
      locale: c.req.query('locale'),
    });
    visitorWrote(c, view, { started: true, created });
    return c.json({
      ...conversationSummary(view.conversation),
      messages: [widgetMessage(view)],
      custom_attributes: view.conversation.custom_attributes,
      contact: contactJson(contact, await deps.presence.contactOnline(contact.id)),
    });
  });

  app.post('/conversations/update_last_seen', auth, async (c) => {
    const found = await current(c);
    // The client's `contact_last_seen_at` is ignored: the server's clock decides (Chatwoot too).
    if (found) await markSeen(deps, found.visitor, found.conversation);
    return c.body(null, 200);
  });

  app.post('/conversations/toggle_typing', auth, async (c) => {
    const { typing_status: status } = await readBody(c, ToggleTyping);
    const found = await current(c);
    if (!found) throw notFound();
    await setVisitorTyping(deps, found.visitor, found.conversation, status === 'on');
    return c.body(null, 200);
  });

  app.get('/conversations/toggle_status', auth, async (c) => {
    const found = await current(c);
    if (!found) throw notFound();
    if (!c.get('inbox').feature_flags.includes('end_conversation')) {
      throw new ApiError(403, 'Ending conversations is disabled for this inbox');
    }
    await setConversationStatus(deps, found.conversation, 'resolved');
    return c.body(null, 200);
  });

  return app;
}
