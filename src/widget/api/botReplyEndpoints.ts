/**
 * The calls of a visitor's answers to bots' messages, as data, like `endpoints.ts` but in a
 * module of their own: only the interactive messages' chunk makes them, and `endpoints.ts` ships
 * with the first paint.
 */
import { api } from './endpoints';

/** Submits an `input_email` answer (`contact.email`) or form/select/CSAT `submitted_values`. */
export const updateMessage = (id: number, update: { contact?: { email: string }; message?: { submitted_values: unknown } }) =>
  api<{ contact?: Record<string, unknown> }>('PATCH', `/messages/${id}`, update);

/** A Dyte participant token for an `integrations` message. */
export const joinVideoCall = (messageId: number) =>
  api<{ token: string }>('POST', '/integrations/dyte/add_participant_to_meeting', { message_id: messageId });
