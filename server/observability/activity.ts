/**
 * What the log and the metrics say when a chat message is created. The conversation id logged is
 * the per-account display id the Application API takes, so an operator can answer straight from
 * the log line; the message content never goes to the log.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { MessageView } from '../presenters/message';
import { countMessage } from './metrics';

/** A visitor wrote `view` (`started`: it opened a new conversation). Repeats of an `echo_id` are not counted. */
export function visitorWrote(c: Context<AppEnv>, view: MessageView, options: { started?: boolean; created: boolean }): void {
  if (!options.created) return;
  countMessage('in');
  c.get('log').info(
    { conversation_id: view.conversation.display_id, message_id: view.message.id, inbox_id: view.conversation.inbox_id },
    options.started ? 'visitor started a conversation' : 'visitor wrote',
  );
}

/** An agent sent `view` through the Application API. */
export function agentWrote(c: Context<AppEnv>, view: MessageView, created: boolean): void {
  if (!created) return;
  countMessage('out');
  c.get('log').info(
    { conversation_id: view.conversation.display_id, message_id: view.message.id, agent_id: c.get('agent').id },
    'agent wrote',
  );
}
