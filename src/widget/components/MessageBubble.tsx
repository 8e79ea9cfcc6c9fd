import type { ReactNode } from 'react';
import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage, SendRefusal } from '../state/chatMessage';
import { Icon } from './icons';
import { ALERT_ICON, CHECK_ICON, DOUBLE_CHECK_ICON, REPLY_ICON } from './conversationIcons';
import { MessageContent, messageKind, ReplyToChip, type MessageCallbacks, type MessageLabels } from './messages';

export interface BubbleLabels {
  failed: string;
  retry: string;
  sending: string;
  /** A message that could not reach the server yet and goes by itself once it can. */
  waiting?: string;
  /** Why the server refused a message (`meta.error`), said after `failed`. */
  refused?: Record<SendRefusal, string>;
  /** 'Reply' (quote this message in the composer). */
  reply?: string;
  /** What each delivery state of the visitor's own messages is called ('Sent', 'Delivered', 'Read'). */
  delivery?: Record<DeliveryState, string>;
  /** A message's time: `short` under the bubble, `exact` on hover and focus, `iso` for `<time>`. */
  time?(createdAt: number): { short: string; exact: string; iso: string };
  /** The quoted chip's tooltip: 'Show the original message'. */
  goToQuoted?: string;
}

type DeliveryState = 'sent' | 'delivered' | 'read';

/** A stored message of the visitor's: its state as the server reports it (a server that reports none: sent). */
function deliveryState(message: ChatMessage): DeliveryState | undefined {
  if (message.message_type !== MESSAGE_TYPE.incoming || typeof message.id !== 'number') return undefined;
  return message.status === 'delivered' || message.status === 'read' ? message.status : 'sent';
}

export interface MessageBubbleProps {
  message: ChatMessage;
  labels: BubbleLabels;
  /** Strings of the message kinds; without them only the text renders (as in a summary). */
  messageLabels?: MessageLabels;
  callbacks?: MessageCallbacks;
  /** The message this one replies to, summarised; `onSelect` shows it in the conversation. */
  quoted?: { sender: string; summary: string; onSelect?(): void } | null;
  onRetry?(id: string): void;
  onReply?(message: ChatMessage): void;
  /** The sender's avatar, beside the bubble (an agent's or the bot's message). */
  avatar?: ReactNode;
}

const FRAMELESS = new Set(['cards', 'csat']);

/**
 * One message. Visitor messages sit at the end of the line and show their delivery state;
 * agent and bot messages sit at the start. The inside depends on the message's kind. Under it,
 * its time (and, for the visitor's own, whether the team has it): shown under the last message
 * of a group and on hover or focus of the others (conversation.chunk.css), the exact date and
 * time in its tooltip.
 */
export function MessageBubble({ message, labels, messageLabels, callbacks, quoted, onRetry, onReply, avatar }: MessageBubbleProps) {
  const fromVisitor = message.message_type === MESSAGE_TYPE.incoming;
  const failed = message.status === 'failed';
  const kind = messageKind(message);
  const frame = `bubble ${fromVisitor ? 'bubble--visitor' : 'bubble--agent'}${failed ? ' bubble--failed' : ''}${FRAMELESS.has(kind) ? ' bubble--frameless' : ''}`;
  const time = message.status !== 'in_progress' && !failed ? labels.time?.(message.created_at) : undefined;
  const state = deliveryState(message);
  return (
    <>
      {/* The reply-to jump lands here (focused, so a screen reader reads it). */}
      <div className="bubble-wrap" data-message-id={message.id} tabIndex={-1}>
        {avatar}
        <div className={frame} aria-busy={message.status === 'in_progress' && !message.waiting}>
          {quoted && <ReplyToChip sender={quoted.sender} summary={quoted.summary} onSelect={quoted.onSelect} title={labels.goToQuoted} />}
          {messageLabels ? (
            <MessageContent message={message} labels={messageLabels} callbacks={callbacks} />
          ) : (
            <p className="bubble__content">{message.content}</p>
          )}
          {message.waiting ? (
            <p className="bubble__error bubble__error--waiting" role="status">
              {labels.waiting}
            </p>
          ) : (
            message.status === 'in_progress' && <span className="visually-hidden">{labels.sending}</span>
          )}
          {failed && (
            // Not an alert: the message list's status says it once (MessageList), with why.
            <div className="bubble__error">
              <Icon path={ALERT_ICON} size={16} />
              <span>{labels.failed}</span>
              {message.meta?.error && <span>{labels.refused?.[message.meta.error]}</span>}
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
      {time && (
        <div className="bubble__meta">
          <time dateTime={time.iso} title={time.exact}>
            {time.short}
          </time>
          {state && labels.delivery && (
            <span className={`bubble__status bubble__status--${state}`} title={labels.delivery[state]}>
              <Icon path={state === 'sent' ? CHECK_ICON : DOUBLE_CHECK_ICON} size={14} />
              <span className="visually-hidden">{labels.delivery[state]}</span>
            </span>
          )}
        </div>
      )}
    </>
  );
}
