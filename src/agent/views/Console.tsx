import { useEffect, useRef, useState } from 'react';
import { ContactDetails } from '../components/ContactDetails';
import { ConversationList } from '../components/ConversationList';
import type { ConnectionState, ConsoleState, Workspace } from '../state/console';
import { ConversationPane } from './ConversationPane';
import { focusLost, useFocusWhenLost } from './focus';

const CONNECTION_TEXT: Record<ConnectionState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  lost: 'Connection lost, reconnecting…',
};

/** The signed-in console: the list, the open conversation and the contact's details side by side (one at a time on a phone). */
export function Console({ console: state, ws }: { console: ConsoleState; ws: Workspace }) {
  const [contactOpen, setContactOpen] = useState(false);
  const selectedId = ws.thread.id.value;
  const conversation = selectedId === null ? undefined : ws.conversations.find(selectedId);
  const connection = ws.connection.value;
  const error = ws.error.value;
  const unread = ws.conversations.unread.value;

  const contactHeading = useRef<HTMLHeadingElement>(null);
  const lastSelected = useRef<number | null>(null);

  useEffect(() => setContactOpen(false), [selectedId]);
  useFocusWhenLost(contactHeading, [contactOpen]);
  // Back on a phone: focus returns to the conversation just left, in the list.
  useEffect(() => {
    if (selectedId === null && lastSelected.current !== null && focusLost()) {
      document.querySelector<HTMLElement>(`[data-conversation-id="${lastSelected.current}"]`)?.focus();
    }
    lastSelected.current = selectedId;
  }, [selectedId]);
  // Back to the console's tab: what arrived meanwhile is read now.
  useEffect(() => {
    const back = () => document.visibilityState === 'visible' && ws.thread.seen();
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [ws]);
  useEffect(() => {
    document.title = unread.size ? `(${unread.size}) Wren agent console` : 'Wren agent console';
  }, [unread.size]);

  return (
    <div className="console">
      <header className="top">
        <h1>Wren agent console</h1>
        <p className={`top__connection top__connection--${connection}`} role="status">
          {CONNECTION_TEXT[connection]}
        </p>
        <p className="top__agent">{ws.profile.available_name}</p>
        <button type="button" className="button button--quiet" onClick={state.signOut}>
          Sign out
        </button>
      </header>
      {error && (
        <div className="error error--bar" role="alert">
          <p>{error}</p>
          <button type="button" className="button button--quiet" onClick={() => (ws.error.value = null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="workspace" data-selected={String(selectedId !== null)} data-contact={String(contactOpen)}>
        <ConversationList
          conversations={ws.conversations.list.value}
          total={ws.conversations.total.value}
          selectedId={selectedId}
          unread={unread}
          typing={ws.conversations.typing.value}
          onSelect={ws.select}
          onLoadMore={() => void ws.conversations.loadMore().catch((failure: Error) => (ws.error.value = failure.message))}
        />
        <ConversationPane ws={ws} contactOpen={contactOpen} onToggleContact={() => setContactOpen((open) => !open)} />
        {conversation && (
          <aside id="contact" className="contact" aria-labelledby="contact-title">
            <div className="contact__head">
              <h2 id="contact-title" ref={contactHeading} tabIndex={-1}>
                Contact details
              </h2>
              <button type="button" className="button button--quiet contact__close" onClick={() => setContactOpen(false)}>
                Back<span className="visually-hidden"> to the conversation</span>
              </button>
            </div>
            <ContactDetails conversation={conversation} />
          </aside>
        )}
      </div>
    </div>
  );
}
