import { attachmentsChunk } from '../../chunks/attachments';
import { interactiveChunk } from '../../chunks/interactive';
import type { ChatMessage } from '../../state/chatMessage';
import { ActivityMessage } from './ActivityMessage';
import { lazyPart } from '../LazyPart';
import { Spinner } from '../Spinner';
import type { MessageLabels } from './labels';
import { interactiveContentType, messageKind, type MessageCallbacks } from './messageKind';
import { RichText, type RichTextProps } from './RichText';

// Files and pictures are a lazy chunk with their stylesheet: many conversations have none.
const AttachmentBubble = lazyPart(attachmentsChunk, (m) => m.AttachmentBubble);
// Bots' interactive kinds: one chunk for every such message, with what reads their attributes
// and the words they show.
const BotMessage = lazyPart(interactiveChunk, (m) => m.BotMessage);

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
            progress={message.progress}
            fallback={<Spinner label={labels.uploading} />}
            errorLabels={{ failed: labels.loadFailed ?? '', retry: labels.retry ?? '' }}
          />
        ))}
        {text}
      </div>
    );
  }
  const contentType = interactiveContentType(message);
  return (
    <div className="message-content">
      {text}
      {contentType && (
        <BotMessage
          contentType={contentType}
          message={message}
          callbacks={callbacks}
          errorLabels={{ failed: labels.loadFailed ?? '', retry: labels.retry }}
        />
      )}
    </div>
  );
}
