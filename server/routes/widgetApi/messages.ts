/**
 * `/api/v1/widget/messages` (contract §3.4): the visitor's own conversation only, private
 * notes and activity messages filtered out.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { createdMessage, widgetMessage } from '../../presenters/message';
import { seconds } from '../../presenters/time';
import { latestConversation } from '../../repositories/conversations';
import { listMessages } from '../../repositories/messages';
import { loadMessageViews } from '../../services/views';
import { postIncomingMessage } from '../../services/visitorMessages';
import { queryInt, readBody, schemas } from '../body';
import { visitorAuth } from './auth';

const CreateMessage = v.object({
  message: v.object({
    content: v.optional(v.nullable(v.string())),
    reply_to: v.optional(v.nullable(v.union([v.number(), v.string()]))),
    timestamp: v.optional(v.unknown()),
    referer_url: schemas.optionalText(2048),
    echo_id: schemas.optionalText(255),
  }),
});

/** The widget's message routes (mounted under `/api/v1/widget`). */
export function widgetMessageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const auth = visitorAuth(deps);

  app.get('/messages', auth, async (c) => {
    const before = queryInt(c, 'before');
    const after = queryInt(c, 'after');
    const contactInbox = c.get('contactInbox');
    const conversation = await latestConversation(deps.db, contactInbox.id);
    if (!conversation) return c.json({ payload: [], meta: {} });
    const messages = await listMessages(deps.db, conversation.id, { before, after, publicOnly: true });
    const views = await loadMessageViews(deps.db, conversation, contactInbox, messages);
    return c.json({ payload: views.map(widgetMessage), meta: { contact_last_seen_at: seconds(conversation.contact_last_seen_at) ?? 0 } });
  });

  app.post('/messages', auth, async (c) => {
    const { message } = await readBody(c, CreateMessage);
    const { view } = await postIncomingMessage(deps, { inbox: c.get('inbox'), contactInbox: c.get('contactInbox'), contact: c.get('contact') }, message);
    return c.json(createdMessage(view));
  });

  return app;
}
