import type { WidgetMessage } from '../../shared/types';
import type * as Endpoints from '../api/endpoints';
import type { ChatMessage } from './messageMerge';
import type { MessagesModel } from './messages';
import type { Request } from './request';

/** Answers visitors give to interactive messages (form, options, CSAT, email capture). */
export type MessageResponse = { kind: 'submitted_values'; values: unknown } | { kind: 'email'; email: string };

interface Deps {
  request: Request;
  messages: MessagesModel;
  /**
   * The endpoints, passed in: importing them here would make esbuild move the endpoints out of
   * the first paint's shared chunk into one more file of their own.
   */
  updateMessage: typeof Endpoints.updateMessage;
  joinVideoCall: typeof Endpoints.joinVideoCall;
}

/**
 * What a visitor's answers to bots' interactive messages do: a lazy chunk, loaded through
 * `conversationFlow` the first time a visitor answers a form, a choice, a survey or joins a call.
 */

/** Stores an answer to an interactive message; the echo arrives as `message.updated`. */
export async function respond(
  { request, messages, updateMessage }: Omit<Deps, 'joinVideoCall'>,
  message: ChatMessage,
  response: MessageResponse,
): Promise<boolean> {
  if (typeof message.id !== 'number') return false;
  const update = response.kind === 'email' ? { contact: { email: response.email } } : { message: { submitted_values: response.values } };
  try {
    await request(updateMessage(message.id, update));
    const attributes = response.kind === 'email' ? { submitted_email: response.email } : { submitted_values: response.values };
    messages.merge({ ...(message as WidgetMessage), content_attributes: { ...message.content_attributes, ...attributes } });
    return true;
  } catch {
    return false;
  }
}

/** The join URL of a video-call message: a plain URL, or a Dyte participant token. */
export async function videoCallUrl(
  { request, joinVideoCall }: Pick<Deps, 'request' | 'joinVideoCall'>,
  message: ChatMessage,
): Promise<string | null> {
  const attributes = message.content_attributes as { type?: string; data?: { join_url?: string } };
  if (attributes.type === 'dyte' && typeof message.id === 'number') {
    try {
      const { token } = await request(joinVideoCall(message.id));
      return `https://app.dyte.io/v2/meeting?authToken=${encodeURIComponent(token)}&showSetupScreen=true&disableVideoBackground=true`;
    } catch {
      return null;
    }
  }
  const url = attributes.data?.join_url;
  return url && /^https?:\/\//i.test(url) ? url : null;
}
