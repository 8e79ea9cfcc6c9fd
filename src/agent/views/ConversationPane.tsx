import { useLayoutEffect, useRef } from 'react';
import { MessageItem } from '../components/MessageItem';
import { ReplyBox } from '../components/ReplyBox';
import type { Workspace } from '../state/console';
import { useFocusWhenLost } from './focus';

export interface ConversationPaneProps {
  ws: Workspace;
  /** Whether the contact panel is shown instead (narrow screens), and how to toggle it. */
  contactOpen: boolean;
  onToggleContact(): void;
}

/** How close to the bottom (px) still counts as "reading the newest": new messages then scroll into view. */
const FOLLOW_SLACK_PX = 80;

/** The open conversation: its messages, the visitor's typing, the reply box, resolve and reopen. */
export function ConversationPane({ ws, contactOpen, onToggleContact }: ConversationPaneProps) {
  const { thread, conversations } = ws;
  const id = thread.id.value;
  const messages = thread.messages.value;
  const log = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const contactToggle = useRef<HTMLButtonElement>(null);
  const following = useRef(true);
  // On a phone the list (or the contact panel) gave way to this pane: focus follows.
  useFocusWhenLost(heading, [id]);
  useFocusWhenLost(contactToggle, [contactOpen]);

  // What the log held at the last render: its first message and its height.
  const shown = useRef<{ firstId?: number; height: number }>({ height: 0 });

  useLayoutEffect(() => {
    following.current = true;
  }, [id]);
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const firstId = messages[0]?.id;
    if (following.current) element.scrollTop = element.scrollHeight;
    // An earlier page went in above: the messages being read stay where they were.
    else if (shown.current.firstId !== undefined && firstId !== shown.current.firstId)
      element.scrollTop += element.scrollHeight - shown.current.height;
    shown.current = { firstId, height: element.scrollHeight };
  }, [messages, id]);

  const conversation = id === null ? undefined : conversations.find(id);
  if (id === null || !conversation) {
    return (
      <main className="pane pane--empty">
        <p>Choose a conversation to read it and reply.</p>
      </main>
    );
  }
  const name = conversation.meta.sender.name || `Conversation ${conversation.id}`;
  const resolved = conversation.status === 'resolved';
  const typing = conversations.typing.value.has(id);

  return (
    <main className="pane" aria-labelledby="pane-title">
      <header className="pane__head">
        <button type="button" className="button button--quiet pane__back" onClick={() => ws.select(null)}>
          <span aria-hidden="true">←</span> Back<span className="visually-hidden"> to conversations</span>
        </button>
        <h2 id="pane-title" className="pane__name" ref={heading} tabIndex={-1}>
          {name}
        </h2>
        <div className="pane__actions">
          <span className={`badge badge--${conversation.status}`}>{conversation.status}</span>
          <button
            type="button"
            className="button button--quiet pane__contact"
            ref={contactToggle}
            aria-expanded={contactOpen}
            aria-controls="contact"
            onClick={onToggleContact}
          >
            Contact details
          </button>
          <button type="button" className="button" onClick={() => void ws.setStatus(resolved ? 'open' : 'resolved')}>
            {resolved ? 'Reopen' : 'Resolve'}
          </button>
        </div>
      </header>
      <div
        ref={log}
        className="pane__log"
        role="log"
        aria-label={`Messages with ${name}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it (axe: scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          following.current = element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK_PX;
        }}
      >
        {thread.hasEarlier.value && (
          <button type="button" className="button button--quiet pane__earlier" onClick={() => void thread.loadEarlier()}>
            Load earlier messages
          </button>
        )}
        {thread.loading.value && messages.length === 0 ? (
          <p className="pane__loading">Loading messages…</p>
        ) : (
          <ol className="messages">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} contactName={name} />
            ))}
          </ol>
        )}
      </div>
      <p className="pane__typing" role="status">
        {typing ? `${name} is typing…` : ''}
      </p>
      <ReplyBox
        key={id}
        contactName={name}
        onSend={(content) => {
          following.current = true;
          return ws.reply(content);
        }}
        onTyping={thread.typed}
        onStop={thread.stopTyping}
      />
    </main>
  );
}
