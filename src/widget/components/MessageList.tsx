import { Fragment } from 'react';
import { MESSAGE_TYPE } from '../../shared/types';
import type { ChatMessage } from '../state/messageMerge';
import { dayKey } from '../lib/dates';
import { Avatar } from './Avatar';
import { MessageBubble, type BubbleLabels } from './MessageBubble';
import { ActivityMessage, messageKind, type MessageCallbacks, type MessageLabels } from './messages';

export interface MessageListProps {
  messages: readonly ChatMessage[];
  labels: BubbleLabels & { conversation: string; you: string; bot: string };
  /** The date separator's text for a message's timestamp ('Today', 'Yesterday', a date). */
  dayLabel(createdAt: number): string;
  /** Agent name and avatar for a message, with the bot policy applied by the caller. */
  senderOf(message: ChatMessage): { name: string; avatarUrl?: string };
  onRetry?(id: string): void;
  messageLabels?: MessageLabels;
  callbacks?: MessageCallbacks;
  /** The quoted message of a reply, summarised, if it is one. */
  quotedOf?(message: ChatMessage): { sender: string; summary: string } | null;
  onReply?(message: ChatMessage): void;
}

/**
 * The conversation: messages grouped by day under separators, consecutive messages from one
 * sender grouped under one name and avatar. It is a live log, so screen readers announce
 * new messages as they arrive.
 */
export function MessageList({
  messages,
  labels,
  dayLabel,
  senderOf,
  onRetry,
  messageLabels,
  callbacks,
  quotedOf,
  onReply,
}: MessageListProps) {
  return (
    <div className="message-list" role="log" aria-live="polite" aria-label={labels.conversation}>
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const newDay = !previous || dayKey(previous.created_at) !== dayKey(message.created_at);
        const fromVisitor = message.message_type === MESSAGE_TYPE.incoming;
        const separator = newDay && (
          <div className="date-separator" role="separator">
            <span>{dayLabel(message.created_at)}</span>
          </div>
        );
        if (messageKind(message) === 'activity') {
          return (
            <Fragment key={message.id}>
              {separator}
              <ActivityMessage content={message.content ?? ''} />
            </Fragment>
          );
        }
        const sender = fromVisitor ? { name: labels.you } : senderOf(message);
        const sameSender =
          !newDay && previous && previous.message_type === message.message_type && (fromVisitor || senderOf(previous).name === sender.name);
        return (
          <Fragment key={message.id}>
            {separator}
            <div
              className={`message-row ${fromVisitor ? 'message-row--visitor' : 'message-row--agent'}${sameSender ? ' message-row--grouped' : ''}`}
            >
              {!fromVisitor &&
                (sameSender ? <span className="avatar-spacer" /> : <Avatar name={sender.name} src={sender.avatarUrl} size={24} />)}
              <div className="message-row__body">
                {!sameSender && <span className="message-row__sender">{sender.name}</span>}
                <MessageBubble
                  message={message}
                  labels={labels}
                  messageLabels={messageLabels}
                  callbacks={callbacks}
                  quoted={quotedOf?.(message)}
                  onRetry={onRetry}
                  onReply={onReply}
                />
              </div>
            </div>
          </Fragment>
        );
      })}
    </div>
  );
}
