import type { ReactNode } from 'react';
import type { ContentAttributes, Handled } from '../../../shared/contentAttributes';
import type { ChatMessage } from '../../state/chatMessage';
import { ArticleListMessage } from './ArticleListMessage';
import { CardsMessage } from './CardsMessage';
import { CsatMessage } from './CsatMessage';
import { EmailInputMessage } from './EmailInputMessage';
import { FormMessage } from './FormMessage';
import type { InteractiveLabels } from './labels';
import type { InteractiveContentType, MessageCallbacks } from './messageKind';
import { OptionsMessage } from './OptionsMessage';
import { VideoCallMessage } from './VideoCallMessage';

interface Context {
  message: ChatMessage;
  labels: InteractiveLabels;
  callbacks: MessageCallbacks;
}

type Render<K extends InteractiveContentType> = (attributes: ContentAttributes<K>, context: Context) => ReactNode;

/**
 * A list as the wire carries it. The server checks every kind's attributes by its schema, but a
 * message stored elsewhere (Chatwoot, in gateway mode) may hold anything: a list that is not one
 * renders as none, never as a broken bubble.
 */
const list = <T,>(value: readonly T[] | null | undefined): readonly T[] => (Array.isArray(value) ? value : []);

/**
 * Each interactive kind's controls, from its typed attributes. Each entry names the fields it
 * reads (`Handled`): a field or a kind added to src/shared/contentAttributes.ts fails `tsc` here
 * until it has a place on screen (or a decision to leave it out).
 */
const RENDER: { [K in InteractiveContentType]: Render<K> } = {
  input_select: (
    { items, submitted_values }: Handled<ContentAttributes<'input_select'>, 'items' | 'submitted_values'>,
    { message, callbacks },
  ) => (
    <OptionsMessage
      options={list(items)}
      submitted={list(submitted_values)}
      onSelect={(option) => callbacks.onOptionSelect?.(message, option)}
    />
  ),
  cards: ({ items }: Handled<ContentAttributes<'cards'>, 'items'>, { labels, callbacks }) => (
    <CardsMessage cards={list(items)} labels={labels} onPostback={(payload) => callbacks.onPostback?.(payload)} />
  ),
  form: (
    { items, button_label, submitted_values }: Handled<ContentAttributes<'form'>, 'items' | 'button_label' | 'submitted_values'>,
    { message, labels, callbacks },
  ) => (
    <FormMessage
      fields={list(items)}
      buttonLabel={button_label ?? undefined}
      submittedValues={list(submitted_values)}
      labels={labels}
      onSubmit={(values) => callbacks.onFormSubmit?.(message, values)}
    />
  ),
  article: ({ items }: Handled<ContentAttributes<'article'>, 'items'>) => <ArticleListMessage articles={list(items)} />,
  input_email: ({ submitted_email }: Handled<ContentAttributes<'input_email'>, 'submitted_email'>, { message, labels, callbacks }) => (
    <EmailInputMessage
      submittedEmail={typeof submitted_email === 'string' ? submitted_email : undefined}
      labels={labels}
      onSubmit={(email) => callbacks.onEmailSubmit?.(message, email)}
    />
  ),
  input_csat: (
    { display_type, submitted_values }: Handled<ContentAttributes<'input_csat'>, 'display_type' | 'submitted_values'>,
    { message, labels, callbacks },
  ) => (
    <CsatMessage
      displayType={display_type === 'star' ? 'star' : 'emoji'}
      submitted={submitted_values?.csat_survey_response}
      chosen={callbacks.chosenRating?.(message)}
      labels={labels}
      onChoose={(rating) => callbacks.onCsatChoose?.(message, rating)}
      onSubmit={(response) => callbacks.onCsatSubmit?.(message, response)}
    />
  ),
  // The call's URL is read from `type` and `data` when the visitor joins (state/botReplies.ts).
  integrations: (_attributes, { message, labels, callbacks }) => (
    <VideoCallMessage labels={labels} onJoin={() => callbacks.onJoinCall?.(message)} />
  ),
};

export interface InteractiveMessageProps<K extends InteractiveContentType = InteractiveContentType> extends Context {
  /** The message's content type, one the interactive chunk renders (`interactiveContentType`). */
  contentType: K;
}

/**
 * The bot's controls of one interactive message, read from its `content_attributes`. In the
 * interactive chunk with the kinds themselves, so the conversation view carries none of it.
 */
export function InteractiveMessage<K extends InteractiveContentType>({ contentType, ...context }: InteractiveMessageProps<K>): ReactNode {
  return RENDER[contentType](context.message.content_attributes as ContentAttributes<K>, context);
}
