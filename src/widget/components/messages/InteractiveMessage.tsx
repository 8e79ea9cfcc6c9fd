import type { ReactNode } from 'react';
import type { ChatMessage } from '../../state/messageMerge';
import { ArticleListMessage, type ArticleItem } from './ArticleListMessage';
import { CardsMessage, type Card } from './CardsMessage';
import { CsatMessage, type CsatResponse } from './CsatMessage';
import { EmailInputMessage } from './EmailInputMessage';
import { FormMessage } from './FormMessage';
import type { MessageLabels } from './labels';
import type { MessageCallbacks, MessageKind } from './messageKind';
import { OptionsMessage } from './OptionsMessage';
import type { FormField } from './validation';
import { VideoCallMessage } from './VideoCallMessage';

const listOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

function csatResponseOf(attributes: Record<string, unknown>): CsatResponse | undefined {
  const response = (attributes.submitted_values as { csat_survey_response?: Partial<CsatResponse> } | undefined)?.csat_survey_response;
  return response && Number(response.rating) >= 1
    ? { rating: Number(response.rating), feedback_message: String(response.feedback_message ?? '') }
    : undefined;
}

export interface InteractiveMessageProps {
  kind: MessageKind;
  message: ChatMessage;
  labels: MessageLabels;
  callbacks: MessageCallbacks;
}

/**
 * The bot's controls of one interactive message, read from its `content_attributes`. In the
 * interactive chunk with the kinds themselves, so the conversation view carries none of it.
 */
export function InteractiveMessage({ kind, message, labels, callbacks }: InteractiveMessageProps): ReactNode {
  const attributes = message.content_attributes ?? {};
  switch (kind) {
    case 'form':
      return (
        <FormMessage
          fields={listOf<FormField>(attributes.items)}
          buttonLabel={stringOf(attributes.button_label)}
          submittedValues={listOf(attributes.submitted_values)}
          labels={labels}
          onSubmit={(values) => callbacks.onFormSubmit?.(message, values)}
        />
      );
    case 'options':
      return (
        <OptionsMessage
          options={listOf(attributes.items)}
          submitted={listOf(attributes.submitted_values)}
          onSelect={(option) => callbacks.onOptionSelect?.(message, option)}
        />
      );
    case 'cards':
      return (
        <CardsMessage cards={listOf<Card>(attributes.items)} labels={labels} onPostback={(payload) => callbacks.onPostback?.(payload)} />
      );
    case 'articles':
      return <ArticleListMessage articles={listOf<ArticleItem>(attributes.items)} />;
    case 'email':
      return (
        <EmailInputMessage
          submittedEmail={stringOf(attributes.submitted_email)}
          labels={labels}
          onSubmit={(email) => callbacks.onEmailSubmit?.(message, email)}
        />
      );
    case 'csat':
      return (
        <CsatMessage
          displayType={attributes.display_type === 'star' ? 'star' : 'emoji'}
          submitted={csatResponseOf(attributes)}
          labels={labels}
          onSubmit={(response) => callbacks.onCsatSubmit?.(message, response)}
        />
      );
    default:
      return <VideoCallMessage labels={labels} onJoin={() => callbacks.onJoinCall?.(message)} />;
  }
}
