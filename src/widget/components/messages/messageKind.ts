import { MESSAGE_TYPE } from '../../../shared/types';
import type { ChatMessage } from '../../state/messageMerge';
import type { CsatResponse } from './CsatMessage';
import type { FormValue } from './FormMessage';
import type { SelectOption } from './OptionsMessage';
import type { Outcome } from './validation';

/** What the visitor can do inside messages; each gets the message it belongs to. */
export interface MessageCallbacks {
  onFormSubmit?(message: ChatMessage, values: FormValue[]): Outcome;
  onOptionSelect?(message: ChatMessage, option: SelectOption): Outcome;
  onEmailSubmit?(message: ChatMessage, email: string): Outcome;
  onCsatSubmit?(message: ChatMessage, response: CsatResponse): Outcome;
  onPostback?(payload: string): void;
  onJoinCall?(message: ChatMessage): Outcome;
}

export type MessageKind = 'activity' | 'form' | 'options' | 'cards' | 'articles' | 'email' | 'csat' | 'video-call' | 'attachments' | 'text';

const KINDS: Partial<Record<string, MessageKind>> = {
  form: 'form',
  input_select: 'options',
  cards: 'cards',
  article: 'articles',
  input_email: 'email',
  input_csat: 'csat',
  integrations: 'video-call',
};

/** How a message renders: views can use it to drop the bubble frame around cards or a survey. */
export function messageKind(message: Pick<ChatMessage, 'message_type' | 'content_type' | 'attachments'>): MessageKind {
  if (message.message_type === MESSAGE_TYPE.activity) return 'activity';
  return KINDS[message.content_type ?? ''] ?? (message.attachments?.length ? 'attachments' : 'text');
}
