import type { AgentMessage } from '../../shared/applicationApi';
import { type Attachment, MESSAGE_TYPE } from '../../shared/types';
import { authorOf, fileName, interactiveSummary, safeHref } from '../lib/messageSummary';
import { fullTime, isoTime, shortTime } from '../lib/time';

export interface MessageItemProps {
  message: AgentMessage;
  /** The visitor's name, for their messages. */
  contactName: string;
}

function AttachmentView({ attachment }: { attachment: Attachment }) {
  const href = safeHref(attachment.data_url);
  if (!href) return null;
  const link = { href, target: '_blank', rel: 'noopener noreferrer' };
  switch (attachment.file_type) {
    case 'image': {
      const thumb = safeHref(attachment.thumb_url) ?? href;
      return (
        <a {...link} className="attachment attachment--image">
          <img src={thumb} alt={`Image: ${fileName(href)}`} loading="lazy" />
        </a>
      );
    }
    case 'audio':
      return <audio className="attachment" controls src={href} aria-label={`Audio: ${fileName(href)}`} />;
    case 'video':
      return <video className="attachment attachment--video" controls src={href} aria-label={`Video: ${fileName(href)}`} />;
    case 'location':
      return (
        <a {...link} className="attachment">
          Location{attachment.fallback_title ? `: ${attachment.fallback_title}` : ''}
        </a>
      );
    case 'fallback':
      return (
        <a {...link} className="attachment">
          {attachment.fallback_title || href}
        </a>
      );
    default:
      return (
        <a {...link} className="attachment" download>
          {fileName(href)}
        </a>
      );
  }
}

/** One message of the open conversation: text, attachments, what an interactive message asks, or an activity line. */
export function MessageItem({ message, contactName }: MessageItemProps) {
  const time = (
    <time dateTime={isoTime(message.created_at)} title={fullTime(message.created_at)}>
      {shortTime(message.created_at)}
    </time>
  );
  if (message.message_type === MESSAGE_TYPE.activity) {
    return (
      <li className="msg msg--activity">
        <p>
          {message.content} · {time}
        </p>
      </li>
    );
  }
  const incoming = message.message_type === MESSAGE_TYPE.incoming;
  const deleted = message.content_attributes?.deleted === true;
  const summary = deleted ? null : interactiveSummary(message);
  const side = incoming ? 'in' : 'out';
  return (
    <li className={`msg msg--${side}${message.private ? ' msg--note' : ''}`}>
      <p className="msg__meta">
        <span className="msg__author">{authorOf(message, contactName)}</span>
        {message.private && <span className="tag">Private note</span>}
        {time}
        {!incoming && message.status === 'read' && <span className="msg__status">Read</span>}
      </p>
      <div className="msg__bubble">
        {deleted ? (
          <p className="msg__deleted">This message was deleted</p>
        ) : (
          message.content && <p className="msg__text">{message.content}</p>
        )}
        {summary && <p className="msg__asks">{summary.asks}</p>}
        {summary?.answer && <p className="msg__answer">Answer: {summary.answer}</p>}
        {!deleted && message.attachments?.map((attachment) => <AttachmentView key={attachment.id} attachment={attachment} />)}
      </div>
    </li>
  );
}
