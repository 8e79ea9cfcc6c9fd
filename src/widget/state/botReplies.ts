import type { ContentAttributes, Handled } from '../../shared/contentAttributes';
import type { WidgetMessage } from '../../shared/types';
import { joinVideoCall, updateMessage } from '../api/botReplyEndpoints';
import type { ContactModel } from './contact';
import type { ChatMessage } from './chatMessage';
import type { MessagesModel } from './messages';
import type { Request } from './request';

/** Answers visitors give to interactive messages (form, options, CSAT, email capture). */
export type MessageResponse = { kind: 'submitted_values'; values: unknown } | { kind: 'email'; email: string };

interface Deps {
  request: Request;
  messages: MessagesModel;
  contact: Pick<ContactModel, 'fetch'>;
}

/**
 * What a visitor's answers to bots' interactive messages do: a lazy chunk, loaded through
 * `conversationFlow` the first time a visitor answers a form, a choice, a survey or joins a call.
 */

/** Stores an answer to an interactive message; the echo arrives as `message.updated`. */
export async function respond({ request, messages, contact }: Deps, message: ChatMessage, response: MessageResponse): Promise<boolean> {
  if (typeof message.id !== 'number') return false;
  const update = response.kind === 'email' ? { contact: { email: response.email } } : { message: { submitted_values: response.values } };
  try {
    await request(updateMessage(message.id, update));
    const attributes = response.kind === 'email' ? { submitted_email: response.email } : { submitted_values: response.values };
    messages.merge({ ...(message as WidgetMessage), content_attributes: { ...message.content_attributes, ...attributes } });
    // The server has an e-mail now: the reply-time line may say the answer comes by e-mail.
    if (response.kind === 'email') contact.fetch().catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** The join URL of a video-call message: a plain URL, or a Dyte participant token. */
export async function videoCallUrl({ request }: Pick<Deps, 'request'>, message: ChatMessage): Promise<string | null> {
  // The server asks Dyte with the meeting id; a plain call carries its URL.
  const attributes = message.content_attributes as Handled<ContentAttributes<'integrations'>, 'type' | 'data'>;
  if (attributes.type === 'dyte' && typeof message.id === 'number') {
    try {
      const { token } = await request(joinVideoCall(message.id));
      return `https://app.dyte.io/v2/meeting?authToken=${encodeURIComponent(token)}&showSetupScreen=true&disableVideoBackground=true`;
    } catch {
      return null;
    }
  }
  const url = attributes.type === 'video_call' ? attributes.data?.join_url : undefined;
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : null;
}
