/**
 * Customer-satisfaction surveys: the `input_csat` template message sent when a conversation is
 * resolved in an inbox with CSAT enabled, and the visitor's answer to it.
 */
import type { ContentAttributes } from '../../src/shared/contentAttributes';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { Contact } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import { saveCsatResponse } from '../repositories/csat';
import { findInbox } from '../repositories/inboxes';
import { conversationLabels } from '../repositories/labels';
import type { Message } from '../repositories/messages';
import { postInboxMessage } from './agentActions';

export const DEFAULT_CSAT_MESSAGE = 'Please rate the conversation';

/** `{csat_survey_response: {rating, feedback_message}}` as stored in `submitted_values`, checked by the kind's schema. */
export type CsatAnswer = NonNullable<ContentAttributes<'input_csat'>['submitted_values']>;

/**
 * Sends the survey for a conversation that has just been resolved, if its inbox asks for one:
 * a template message without sender, as Chatwoot's `CsatSurveyService` sends it.
 */
export async function sendCsatSurvey(deps: AppDeps, conversation: Conversation): Promise<void> {
  const inbox = await findInbox(deps.db, conversation.inbox_id);
  if (!inbox?.csat_survey_enabled) return;
  const config = inbox.csat_config;
  if (!(await rulesAllow(deps, conversation, config.survey_rules))) return;
  const message = typeof config.message === 'string' && config.message.trim() ? config.message : DEFAULT_CSAT_MESSAGE;
  const displayType = config.display_type === 'star' ? 'star' : 'emoji';
  await postInboxMessage(deps, conversation, null, {
    content: message,
    message_type: MESSAGE_TYPE.template,
    private: false,
    content_type: 'input_csat',
    content_attributes: { display_type: displayType },
    echo_id: null,
  });
}

/**
 * `csat_config.survey_rules` `{operator: "contains" | "does_not_contain", values: [label…]}`:
 * send only to conversations that have (or have none of) those labels. No rules → always.
 */
async function rulesAllow(deps: AppDeps, conversation: Conversation, rules: unknown): Promise<boolean> {
  const { operator, values } = (rules ?? {}) as { operator?: unknown; values?: unknown };
  if (!Array.isArray(values) || values.length === 0) return true;
  const labels = await conversationLabels(deps.db, conversation.id);
  const matches = values.some((value) => labels.includes(String(value).toLowerCase()));
  return operator === 'does_not_contain' ? !matches : matches;
}

/** Stores (or replaces) the answer to a survey message. */
export async function recordCsatAnswer(
  deps: AppDeps,
  conversation: Conversation,
  message: Message,
  contact: Contact,
  answer: CsatAnswer,
): Promise<void> {
  await saveCsatResponse(deps.db, {
    account_id: conversation.account_id,
    conversation_id: conversation.id,
    message_id: message.id,
    contact_id: contact.id,
    assigned_agent_id: conversation.assignee_id,
    rating: answer.csat_survey_response.rating,
    feedback_message: answer.csat_survey_response.feedback_message,
  });
}
