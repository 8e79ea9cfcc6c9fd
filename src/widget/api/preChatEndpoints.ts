/**
 * The pre-chat form's call, as data (docs/protocol.md#conversations), like `endpoints.ts` but in a
 * module of its own: only the form's lazy chunk needs it, and `endpoints.ts` ships with the first
 * paint.
 */
import type { CreatedConversation } from '../../shared/types';
import { WIDGET_API_PATH, type Endpoint } from './endpoints';

/**
 * Starts a conversation with its first message: the contact's details, the message and the
 * conversation's custom attributes in one call.
 */
export const createConversation = (body: {
  contact: { name?: string; email?: string; phone_number?: string };
  message: { content: string; timestamp: string; referer_url: string };
  custom_attributes: Record<string, unknown>;
}): Endpoint<CreatedConversation> => ({ method: 'POST', path: `${WIDGET_API_PATH}/conversations`, body });
