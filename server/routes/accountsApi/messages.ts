/**
 * Message routes of the Application API (docs/protocol.md#application-api): list (private notes and activities
 * included), create as the token's agent (JSON or multipart, see `messageBody.ts`), delete.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../lib/apiError';
import { agentWrote } from '../../observability/activity';
import { contactPushData } from '../../presenters/contact';
import { agentMessage } from '../../presenters/message';
import { seconds } from '../../presenters/time';
import { userPushData } from '../../presenters/user';
import { findMessage, listMessages } from '../../repositories/messages';
import { deleteMessage, postAgentMessage } from '../../services/agentActions';
import { teamReceived } from '../../services/teamReceipts';
import { loadConversationView, loadMessageViews } from '../../services/viewLoaders';
import { paramId, queryInt } from '../body';
import { conversationParam } from './conversations';
import { readAgentMessage } from './messageBody';

/** Message routes (mounted under `/api/v1/accounts/:a`). */
export function messageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/conversations/:id/messages', async (c) => {
    const conversation = await conversationParam(deps, c);
    // The agent's client now has the visitor's messages: they are delivered.
    await teamReceived(deps, conversation);
    const view = await loadConversationView(deps.db, conversation);
    const messages = await listMessages(deps.db, conversation.id, {
      before: queryInt(c, 'before'),
      after: queryInt(c, 'after'),
      publicOnly: false,
    });
    const views = await loadMessageViews(deps.db, conversation, view.contactInbox, messages);
    return c.json({
      meta: {
        labels: view.labels,
        additional_attributes: conversation.additional_attributes,
        contact: contactPushData(view.contact),
        ...(view.assignee && { assignee: userPushData(view.assignee) }),
        agent_last_seen_at: seconds(conversation.agent_last_seen_at),
        assignee_last_seen_at: null,
      },
      payload: views.map(agentMessage),
    });
  });

  app.post('/conversations/:id/messages', async (c) => {
    const conversation = await conversationParam(deps, c);
    const { input, upload } = await readAgentMessage(deps, c, conversation);
    try {
      await upload?.commit();
      const { view, created } = await postAgentMessage(deps, conversation, c.get('agent'), input);
      agentWrote(c, view, created);
      if (!created) await upload?.discard();
      return c.json(agentMessage(view));
    } catch (error) {
      await upload?.discard();
      throw error;
    }
  });

  app.delete('/conversations/:id/messages/:mid', async (c) => {
    const conversation = await conversationParam(deps, c);
    const message = await findMessage(deps.db, conversation.id, paramId(c, 'mid'));
    if (!message) throw notFound();
    return c.json(agentMessage(await deleteMessage(deps, conversation, message, c.get('agent'))));
  });

  return app;
}
