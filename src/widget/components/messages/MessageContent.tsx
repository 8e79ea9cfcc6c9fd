import { AttachmentBubble, BotMessage } from '../../lazy/messageParts';
import type { ChatMessage } from '../../state/chatMessage';
import { ActivityMessage } from './ActivityMessage';
import { Spinner } from '../Spinner';
import type { MessageLabels } from './labels';
import { interactiveContentType, messageKind, type MessageCallbacks } from './messageKind';
import { RichText, type RichTextProps } from './RichText';

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
      {contentType && <BotMessage contentType={contentType} message={message} callbacks={callbacks} />}
    </div>
  );
}
