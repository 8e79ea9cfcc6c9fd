/**
 * Customer-satisfaction surveys: the `input_csat` template message sent when a conversation is
 * resolved in an inbox with CSAT enabled, and the visitor's answer to it.
 */
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/apiError';
import type { Contact } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import { saveCsatResponse } from '../repositories/csat';
import { findInbox } from '../repositories/inboxes';
import { conversationLabels } from '../repositories/labels';
import type { Message } from '../repositories/messages';
import { postAgentMessage } from './agentActions';

export const DEFAULT_CSAT_MESSAGE = 'Please rate the conversation';

/** `{csat_survey_response: {rating, feedback_message}}` as stored in `submitted_values`. */
export interface CsatAnswer {
  csat_survey_response: { rating: number; feedback_message: string | null };
}

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
  await postAgentMessage(deps, conversation, null, {
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

/** Checks a visitor's CSAT answer: rating 1–5, optional feedback. 422 otherwise. */
export function checkCsatAnswer(values: unknown): CsatAnswer {
  const response = (values as { csat_survey_response?: unknown } | null)?.csat_survey_response as Record<string, unknown> | undefined;
  const rating = response?.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) {
    throw new ApiError(422, 'Rating must be a whole number from 1 to 5');
  }
  const feedback = response?.feedback_message;
  if (feedback != null && (typeof feedback !== 'string' || feedback.length > 10_000)) {
    throw new ApiError(422, 'Feedback message must be text of at most 10000 characters');
  }
  return { csat_survey_response: { rating, feedback_message: typeof feedback === 'string' && feedback.trim() ? feedback : null } };
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
