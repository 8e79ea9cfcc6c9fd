/**
 * What the log and the metrics say when a chat message is created. The conversation id logged is
 * the per-account display id the Application API takes, so an operator can answer straight from
 * the log line; the message content never goes to the log.
 */
import type { Logger } from './logger';
import { countMessage } from './metrics';

/** The request, for its logger (`requestLog.ts`), and for an agent's write the agent. */
interface WriteRequest {
  get(key: 'log'): Logger;
}

/** What a line says of the message written. */
interface Written {
  conversation: { display_id: number; inbox_id: number };
  message: { id: number };
}

/** A visitor wrote `view` (`started`: it opened a new conversation). Repeats of an `echo_id` are not counted. */
export function visitorWrote(c: WriteRequest, view: Written, options: { started?: boolean; created: boolean }): void {
  if (!options.created) return;
  countMessage('in');
  c.get('log').info(
    { conversation_id: view.conversation.display_id, message_id: view.message.id, inbox_id: view.conversation.inbox_id },
    options.started ? 'visitor started a conversation' : 'visitor wrote',
  );
}

/** An agent sent `view` through the Application API. */
export function agentWrote(c: WriteRequest & { get(key: 'agent'): { id: number } }, view: Written, created: boolean): void {
  if (!created) return;
  countMessage('out');
  c.get('log').info(
    { conversation_id: view.conversation.display_id, message_id: view.message.id, agent_id: c.get('agent').id },
    'agent wrote',
  );
}
