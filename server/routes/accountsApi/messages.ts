/**
 * Message routes of the Application API (contract §5): list (private notes and activities
 * included), create as the token's agent, delete.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { MESSAGE_TYPE, type ContentType } from '../../../src/shared/types';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError, notFound } from '../../lib/apiError';
import { contactPushData } from '../../presenters/contact';
import { agentMessage } from '../../presenters/message';
import { seconds } from '../../presenters/time';
import { userPushData } from '../../presenters/user';
import { findMessage, listMessages } from '../../repositories/messages';
import { deleteMessage, postAgentMessage } from '../../services/agentActions';
import { loadConversationView, loadMessageViews } from '../../services/views';
import { paramId, queryInt, readBody, schemas } from '../body';
import { conversationParam } from './conversations';

const CONTENT_TYPES: ContentType[] = ['text', 'input_text', 'input_textarea', 'input_email', 'input_select', 'cards', 'form',
  'article', 'incoming_email', 'input_csat', 'integrations', 'sticker', 'voice_call'];

const CreateMessage = v.object({
  content: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(150_000)))),
  message_type: v.optional(v.union([v.picklist(['outgoing', 'incoming', 'activity', 'template']), v.picklist([0, 1, 2, 3])])),
  private: v.optional(v.boolean()),
  content_type: v.optional(v.picklist(CONTENT_TYPES)),
  content_attributes: v.optional(v.nullable(v.union([schemas.attributes, v.string()]))),
  echo_id: schemas.optionalText(255),
});

const TYPE_BY_NAME = { incoming: 0, outgoing: 1, activity: 2, template: 3 } as const;

function parseAttributes(value: Record<string, unknown> | string | null | undefined): Record<string, unknown> {
  if (value == null || value === '') return {};
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch { /* reported below */ }
  throw new ApiError(422, 'content_attributes: expected an object or a JSON object string');
}

/** Message routes (mounted under `/api/v1/accounts/:a`). */
export function messageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/conversations/:id/messages', async (c) => {
    const conversation = await conversationParam(deps, c);
    const view = await loadConversationView(deps.db, conversation);
    const messages = await listMessages(deps.db, conversation.id, { before: queryInt(c, 'before'), after: queryInt(c, 'after'), publicOnly: false });
    const views = await loadMessageViews(deps.db, conversation, view.contactInbox, messages);
    return c.json({
      meta: { labels: [], additional_attributes: conversation.additional_attributes, contact: contactPushData(view.contact),
        ...(view.assignee && { assignee: userPushData(view.assignee) }),
        agent_last_seen_at: seconds(conversation.agent_last_seen_at), assignee_last_seen_at: null },
      payload: views.map(agentMessage),
    });
  });

  app.post('/conversations/:id/messages', async (c) => {
    const conversation = await conversationParam(deps, c);
    const body = await readBody(c, CreateMessage);
    const messageType = typeof body.message_type === 'string' ? TYPE_BY_NAME[body.message_type] : body.message_type ?? MESSAGE_TYPE.outgoing;
    if (messageType === MESSAGE_TYPE.incoming) throw new ApiError(422, 'Incoming messages are only allowed in Api inboxes');
    const contentType = body.content_type ?? 'text';
    const content = body.content ?? null;
    if (contentType === 'text' && (!content || content.trim() === '')) throw new ApiError(422, "Content can't be blank");
    const view = await postAgentMessage(deps, conversation, c.get('agent'), {
      content, message_type: messageType, private: body.private ?? false, content_type: contentType,
      content_attributes: parseAttributes(body.content_attributes), echo_id: body.echo_id ?? null,
    });
    return c.json(agentMessage(view));
  });

  app.delete('/conversations/:id/messages/:mid', async (c) => {
    const conversation = await conversationParam(deps, c);
    const message = await findMessage(deps.db, conversation.id, paramId(c, 'mid'));
    if (!message) throw notFound();
    return c.json(agentMessage(await deleteMessage(deps, conversation, message, c.get('agent'))));
  });

  return app;
}
