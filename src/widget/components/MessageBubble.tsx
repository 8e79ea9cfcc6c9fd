import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage } from '../state/messageMerge';
import { Icon } from './icons';
import { ALERT_ICON, REPLY_ICON } from './conversationIcons';
import { MessageContent, messageKind, ReplyToChip, type MessageCallbacks, type MessageLabels } from './messages';

export interface BubbleLabels {
  failed: string;
  retry: string;
  sending: string;
  /** 'Reply' (quote this message in the composer). */
  reply?: string;
}

export interface MessageBubbleProps {
  message: ChatMessage;
  labels: BubbleLabels;
  /** Strings of the message kinds; without them only the text renders (as in a summary). */
  messageLabels?: MessageLabels;
  callbacks?: MessageCallbacks;
  /** The message this one replies to, summarised. */
  quoted?: { sender: string; summary: string } | null;
  /** The quote was chosen: show the quoted message. */
  onQuoteSelect?(): void;
  onRetry?(id: string): void;
  onReply?(message: ChatMessage): void;
}

const FRAMELESS = new Set(['cards', 'csat']);

/**
 * One message. Visitor messages sit at the end of the line and show their delivery state;
 * agent and bot messages sit at the start. The inside depends on the message's kind.
 */
export function MessageBubble({ message, labels, messageLabels, callbacks, quoted, onQuoteSelect, onRetry, onReply }: MessageBubbleProps) {
  const fromVisitor = message.message_type === MESSAGE_TYPE.incoming;
  const failed = message.status === 'failed';
  const kind = messageKind(message);
  const frame = `bubble ${fromVisitor ? 'bubble--visitor' : 'bubble--agent'}${failed ? ' bubble--failed' : ''}${FRAMELESS.has(kind) ? ' bubble--frameless' : ''}`;
  return (
    <div className="bubble-wrap">
      <div className={frame} aria-busy={message.status === 'in_progress'}>
        {quoted && <ReplyToChip sender={quoted.sender} summary={quoted.summary} onSelect={onQuoteSelect} />}
        {messageLabels ? (
          <MessageContent message={message} labels={messageLabels} callbacks={callbacks} />
        ) : (
          <p className="bubble__content">{message.content}</p>
        )}
        {message.status === 'in_progress' && <span className="visually-hidden">{labels.sending}</span>}
        {failed && (
          <div className="bubble__error" role="alert">
            <Icon path={ALERT_ICON} size={16} />
            <span>{labels.failed}</span>
            <button type="button" className="link-button" onClick={() => onRetry?.(String(message.id))}>
              {labels.retry}
            </button>
          </div>
        )}
      </div>
      {onReply && labels.reply && typeof message.id === 'number' && (
        <button
          type="button"
          className="icon-button bubble__reply"
          aria-label={labels.reply}
          title={labels.reply}
          onClick={() => onReply(message)}
        >
          <Icon path={REPLY_ICON} size={16} />
        </button>
      )}
    </div>
  );
}
