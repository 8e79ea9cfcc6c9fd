import { MESSAGE_TYPE } from '../../../shared/types';
import type { ChatMessage } from '../../state/messageMerge';
import { ActivityMessage } from './ActivityMessage';
import { ArticleListMessage, type ArticleItem } from './ArticleListMessage';
import { AttachmentBubble } from './AttachmentBubble';
import { CardsMessage, type Card } from './CardsMessage';
import { CsatMessage, type CsatResponse } from './CsatMessage';
import { EmailInputMessage } from './EmailInputMessage';
import { FormMessage, type FormValue } from './FormMessage';
import type { MessageLabels } from './labels';
import { OptionsMessage, type SelectOption } from './OptionsMessage';
import { RichText, type RichTextProps } from './RichText';
import type { FormField, Outcome } from './validation';
import { VideoCallMessage } from './VideoCallMessage';

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

const listOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function csatResponseOf(attributes: Record<string, unknown>): CsatResponse | undefined {
  const response = (attributes.submitted_values as { csat_survey_response?: Partial<CsatResponse> } | undefined)?.csat_survey_response;
  return response && Number(response.rating) >= 1 ? { rating: Number(response.rating), feedback_message: String(response.feedback_message ?? '') } : undefined;
}

export interface MessageContentProps {
  message: ChatMessage;
  labels: MessageLabels;
  callbacks?: MessageCallbacks;
  /** Injected by tests; defaults to the lazy markdown chunk. */
  loadRenderer?: RichTextProps['loadRenderer'];
}

/**
 * The inside of a message bubble, by kind: rich text, attachments, or a bot's interactive
 * message (form, options, cards, articles, e-mail capture, CSAT survey, video call) under its
 * text. Activity messages render as a muted line and need no bubble.
 */
export function MessageContent({ message, labels, callbacks = {}, loadRenderer }: MessageContentProps) {
  const attributes = message.content_attributes ?? {};
  const kind = messageKind(message);
  if (kind === 'activity') return <ActivityMessage content={message.content ?? ''} />;

  const text = message.content ? <RichText text={message.content} loadRenderer={loadRenderer} /> : null;
  let extra = null;
  switch (kind) {
    case 'form':
      extra = (
        <FormMessage
          fields={listOf<FormField>(attributes.items)}
          buttonLabel={typeof attributes.button_label === 'string' ? attributes.button_label : undefined}
          submittedValues={listOf(attributes.submitted_values)}
          labels={labels}
          onSubmit={(values) => callbacks.onFormSubmit?.(message, values)}
        />
      );
      break;
    case 'options':
      extra = <OptionsMessage options={listOf(attributes.items)} submitted={listOf(attributes.submitted_values)} onSelect={(option) => callbacks.onOptionSelect?.(message, option)} />;
      break;
    case 'cards':
      extra = <CardsMessage cards={listOf<Card>(attributes.items)} labels={labels} onPostback={(payload) => callbacks.onPostback?.(payload)} />;
      break;
    case 'articles':
      extra = <ArticleListMessage articles={listOf<ArticleItem>(attributes.items)} />;
      break;
    case 'email':
      extra = (
        <EmailInputMessage
          submittedEmail={typeof attributes.submitted_email === 'string' ? attributes.submitted_email : undefined}
          labels={labels}
          onSubmit={(email) => callbacks.onEmailSubmit?.(message, email)}
        />
      );
      break;
    case 'csat':
      // The survey carries its own title; Chatwoot does not show the template's text with it.
      return (
        <div className="message-content">
          <CsatMessage
            displayType={attributes.display_type === 'star' ? 'star' : 'emoji'}
            submitted={csatResponseOf(attributes)}
            labels={labels}
            onSubmit={(response) => callbacks.onCsatSubmit?.(message, response)}
          />
        </div>
      );
    case 'video-call':
      extra = <VideoCallMessage labels={labels} onJoin={() => callbacks.onJoinCall?.(message)} />;
      break;
    case 'attachments':
      return (
        <div className="message-content">
          {message.attachments!.map((attachment, index) => (
            <AttachmentBubble key={attachment.id || index} attachment={attachment} labels={labels} uploading={message.status === 'in_progress'} />
          ))}
          {text}
        </div>
      );
  }
  return (
    <div className="message-content">
      {text}
      {extra}
    </div>
  );
}
