import type { ConversationPushData } from '../../shared/applicationApi';
import { MESSAGE_TYPE } from '../../shared/types';
import { authorOf, interactiveSummary } from '../lib/messageSummary';
import { plainText } from '../lib/plainText';
import { fullTime, isoTime, shortTime } from '../lib/time';

export interface ConversationListProps {
  conversations: ConversationPushData[];
  total: number;
  selectedId: number | null;
  unread: ReadonlySet<number>;
  typing: ReadonlySet<number>;
  onSelect(id: number): void;
  onLoadMore(): void;
}

/** The newest message a visitor could see, from either side; the list previews it. */
const lastMessage = (conversation: ConversationPushData) => conversation.messages[0];

/**
 * One line of what happened last: the text as the visitor reads it (markdown rendered to plain
 * text), else what an interactive message asks, an attachment or just "Message"; a reply says who
 * wrote it, the bot (or the inbox itself, as when it asks an away visitor for their e-mail) or an
 * agent, as the conversation does.
 */
export function previewOf(conversation: ConversationPushData): string {
  const last = lastMessage(conversation);
  if (!last) return 'No messages yet';
  const text = last.content?.trim() ? plainText(last.content) : '';
  const body = text || interactiveSummary(last)?.asks || (last.attachments?.length ? 'Attachment' : 'Message');
  return last.message_type === MESSAGE_TYPE.incoming ? body : `${authorOf(last, '')}: ${body}`;
}

/** When that message came, or the conversation's last activity when it has none. */
const previewTime = (conversation: ConversationPushData) => lastMessage(conversation)?.created_at ?? conversation.last_activity_at;

/** The account's conversations, newest activity first; each one a button that opens it. */
export function ConversationList({ conversations, total, selectedId, unread, typing, onSelect, onLoadMore }: ConversationListProps) {
  return (
    <nav className="list" aria-labelledby="list-title">
      <h2 id="list-title" className="list__title">
        Conversations <span className="list__count">{total}</span>
      </h2>
      {conversations.length === 0 ? (
        <p className="list__empty">No conversations yet. Open the demo page in another tab, click the bubble and write: it appears here.</p>
      ) : (
        <ul className="list__items">
          {conversations.map((conversation) => {
            const isTyping = typing.has(conversation.id);
            const isUnread = unread.has(conversation.id);
            return (
              <li key={conversation.id}>
                <button
                  type="button"
                  className={`conv${isUnread ? ' conv--unread' : ''}`}
                  aria-current={conversation.id === selectedId ? 'true' : undefined}
                  data-conversation-id={conversation.id}
                  onClick={() => onSelect(conversation.id)}
                >
                  <span className="conv__top">
                    <span className="conv__name">{conversation.meta.sender.name || `Conversation ${conversation.id}`}</span>
                    <time dateTime={isoTime(previewTime(conversation))} title={fullTime(previewTime(conversation))}>
                      {shortTime(previewTime(conversation))}
                    </time>
                  </span>
                  <span className="conv__preview">{isTyping ? 'typing…' : previewOf(conversation)}</span>
                  {(conversation.status !== 'open' || isUnread) && (
                    <span className="conv__badges">
                      {conversation.status !== 'open' && (
                        <span className={`badge badge--${conversation.status}`}>{conversation.status}</span>
                      )}
                      {isUnread && <span className="badge badge--new">new</span>}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {conversations.length < total && (
        <button type="button" className="button button--quiet list__more" onClick={onLoadMore}>
          Load more conversations
        </button>
      )}
    </nav>
  );
}
