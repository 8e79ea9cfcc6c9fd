import { useEffect, useState, type ReactNode } from 'react';
import { MESSAGE_TYPE } from '../../../shared/types';
import type { ChatMessage } from '../../state/messageMerge';
import { ActivityMessage } from './ActivityMessage';
import { ChunkError } from '../ChunkError';
import { lazyPart } from '../LazyPart';
import { Spinner } from '../Spinner';

// Files and pictures are a lazy chunk with their stylesheet: many conversations have none.
const AttachmentBubble = lazyPart(() => import('./AttachmentBubble').then((m) => m.AttachmentBubble));
import type { MessageLabels } from './labels';
import { interactive, loadInteractive, type InteractiveKinds } from './loadInteractive';
import { RichText, type RichTextProps } from './RichText';
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

/**
 * Waits for the interactive chunk (at once when it is already loaded); if it fails, says so
 * with a retry instead of leaving the message without its controls.
 */
function Interactive({
  load,
  labels,
  render,
}: {
  load: () => Promise<InteractiveKinds>;
  labels: MessageLabels;
  render(kinds: InteractiveKinds): ReactNode;
}) {
  const [kinds, setKinds] = useState(() => (load === loadInteractive ? interactive.loaded : undefined));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (kinds || failed) return;
    let current = true;
    load().then(
      (module) => current && setKinds(module),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [kinds, failed, load]);
  if (kinds) return <>{render(kinds)}</>;
  return failed ? (
    <ChunkError
      className="bubble__error"
      labels={{ failed: labels.loadFailed ?? '', retry: labels.retry }}
      onRetry={() => setFailed(false)}
    />
  ) : null;
}

export interface MessageContentProps {
  message: ChatMessage;
  labels: MessageLabels;
  callbacks?: MessageCallbacks;
  /** Injected by tests; defaults to the lazy markdown chunk. */
  loadRenderer?: RichTextProps['loadRenderer'];
  /** Injected by tests; defaults to the lazy chunk of interactive kinds. */
  loadKinds?: () => Promise<InteractiveKinds>;
}

/**
 * The inside of a message bubble, by kind: rich text, attachments, or a bot's interactive
 * message (form, options, cards, articles, e-mail capture, CSAT survey, video call) under its
 * text. Activity messages render as a muted line and need no bubble.
 */
export function MessageContent({ message, labels, callbacks = {}, loadRenderer, loadKinds = loadInteractive }: MessageContentProps) {
  const kind = messageKind(message);
  if (kind === 'activity') return <ActivityMessage content={message.content ?? ''} />;
  // The survey carries its own title; Chatwoot does not show the template's text with it.
  const text = message.content && kind !== 'csat' ? <RichText text={message.content} loadRenderer={loadRenderer} /> : null;
  if (kind === 'text') return <div className="message-content">{text}</div>;
  if (kind === 'attachments') {
    return (
      <div className="message-content">
        {message.attachments!.map((attachment, index) => (
          <AttachmentBubble
            key={attachment.id || index}
            attachment={attachment}
            labels={labels}
            uploading={message.status === 'in_progress'}
            fallback={<Spinner label={labels.uploading} />}
            errorLabels={{ failed: labels.loadFailed ?? '', retry: labels.retry ?? '' }}
          />
        ))}
        {text}
      </div>
    );
  }
  return (
    <div className="message-content">
      {text}
      <Interactive
        load={loadKinds}
        labels={labels}
        render={(kinds) => <kinds.InteractiveMessage kind={kind} message={message} labels={labels} callbacks={callbacks} />}
      />
    </div>
  );
}
