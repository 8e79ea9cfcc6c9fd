import type { CsatResponse, FormValue, RichContentType, SelectOption } from '../../../shared/contentAttributes';
import { MESSAGE_TYPE } from '../../../shared/types';
import type { ChatMessage } from '../../state/chatMessage';
import type { Outcome } from './validation';

/** What the visitor can do inside messages; each gets the message it belongs to. */
export interface MessageCallbacks {
  onFormSubmit?(message: ChatMessage, values: FormValue[]): Outcome;
  onOptionSelect?(message: ChatMessage, option: SelectOption): Outcome;
  onEmailSubmit?(message: ChatMessage, email: string): Outcome;
  onCsatSubmit?(message: ChatMessage, response: CsatResponse): Outcome;
  /** A survey's rating chosen and not sent yet: kept, for `chosenRating` to give back; none once it is sent. */
  onCsatChoose?(message: ChatMessage, rating?: number): void;
  /** The rating chosen for a survey and not sent, on this page or an earlier one. */
  chosenRating?(message: ChatMessage): number | undefined;
  onPostback?(payload: string): void;
  onJoinCall?(message: ChatMessage): Outcome;
}

/**
 * How the widget shows each rich kind (src/shared/contentAttributes.ts): the interactive ones
 * with their controls, from the interactive chunk; an `input_text` question as its text alone,
 * answered in the composer as in Chatwoot's widget. Keyed by the kinds' one list, so a new kind
 * fails `tsc` here until it is placed, and an interactive one in `InteractiveMessage` until it renders.
 */
const KINDS = {
  input_select: 'options',
  cards: 'cards',
  form: 'form',
  article: 'articles',
  input_email: 'email',
  input_csat: 'csat',
  integrations: 'video-call',
  input_text: 'text',
  input_textarea: 'text',
} as const satisfies Record<RichContentType, string>;

/** The rich kinds the interactive chunk renders. */
export type InteractiveContentType = { [K in RichContentType]: (typeof KINDS)[K] extends 'text' ? never : K }[RichContentType];

export type MessageKind = 'activity' | 'attachments' | 'text' | (typeof KINDS)[RichContentType];

/** The message's rich kind when the interactive chunk renders it. */
export const interactiveContentType = (message: Pick<ChatMessage, 'content_type'>): InteractiveContentType | undefined => {
  const type = message.content_type;
  return type && Object.hasOwn(KINDS, type) && KINDS[type as RichContentType] !== 'text' ? (type as InteractiveContentType) : undefined;
};

/** How a message renders: views can use it to drop the bubble frame around cards or a survey. */
export function messageKind(message: Pick<ChatMessage, 'message_type' | 'content_type' | 'attachments'>): MessageKind {
  if (message.message_type === MESSAGE_TYPE.activity) return 'activity';
  const interactive = interactiveContentType(message);
  if (interactive) return KINDS[interactive];
  return message.attachments?.length ? 'attachments' : 'text';
}
