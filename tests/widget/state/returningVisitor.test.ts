// @vitest-environment happy-dom
import { hostActions } from '../../../src/widget/state/hostActions';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { fakeWidget, widgetMessage } from './widgetFixture';

/** The visitor's own message: nothing unread, so no unread prompt gets in the way. */
const history = [widgetMessage(1, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' })];

/** The host opens the chat (the launcher was clicked). */
const open = (widget: ReturnType<typeof fakeWidget>) => hostActions(widget.state)['toggle-open']!({ isOpen: true } as never);

describe('a returning visitor opening the chat', () => {
  it('lands on the conversation when the history is already loaded', async () => {
    const widget = fakeWidget({ messages: history });
    widget.state.app.setOpen(false);
    await widget.state.load();
    widget.navigate.mockClear();
    open(widget);
    expect(widget.navigate).toHaveBeenCalledExactlyOnceWith('/messages');
  });

  it('lands on the conversation when the history arrives after the window opened', async () => {
    // The frame loads on the launcher click: the host's toggle-open comes before the history.
    const widget = fakeWidget({ messages: history });
    open(widget);
    expect(widget.navigate).not.toHaveBeenCalled();
    await widget.state.load();
    expect(widget.navigate).toHaveBeenCalledExactlyOnceWith('/messages');
  });

  it('stays on home without history', async () => {
    const widget = fakeWidget({ conversation: null, messages: [] });
    open(widget);
    await widget.state.load();
    expect(widget.navigate).not.toHaveBeenCalled();
  });

  it('stays on home when the window was closed again before the history arrived', async () => {
    const widget = fakeWidget({ messages: history });
    open(widget);
    widget.state.app.setOpen(false);
    await widget.state.load();
    expect(widget.navigate).not.toHaveBeenCalledWith('/messages');
  });
});

describe('the data that came with the page (docs/protocol.md#the-data-block)', () => {
  const unread = widgetMessage(2);
  const pageData = (messages = [unread]) => ({
    contact: { id: 3, has_email: true, has_name: true, has_phone_number: false, identifier: null },
    conversation: { id: 10, inbox_id: 1, contact_last_seen_at: unread.created_at - 60, status: 'open' as const },
    messages: { payload: messages, meta: {} },
    inboxMembers: [{ id: 1, name: 'Ana', avatar_url: '', availability_status: 'online' as const }],
    campaigns: [],
    catchUp: 'cable' as const,
  });

  it('fills every model at once, with no request', () => {
    const widget = fakeWidget();
    widget.state.hydrate(pageData(history));
    expect(widget.request).not.toHaveBeenCalled();
    expect(widget.state.ready.value).toBe(true);
    expect(widget.state.conversation.id.value).toBe(10);
    expect(widget.state.messages.list.value.map((m) => m.id)).toEqual([1]);
    expect(widget.state.messages.hasFetched.value).toBe(true);
    expect(widget.state.agents.online.value.map((a) => a.name)).toEqual(['Ana']);
    expect(widget.state.contact.contact.value?.has_email).toBe(true);
    open(widget);
    expect(widget.navigate).toHaveBeenCalledExactlyOnceWith('/messages');
  });

  it('shows the unread prompt only once the host has said the window is closed, never when it opens it', () => {
    const closed = fakeWidget({}, { hostAnswered: false });
    closed.state.hydrate(pageData());
    expect(closed.navigate).not.toHaveBeenCalled();
    expect(closed.sent('setUnreadMode')).toEqual([]);
    hostActions(closed.state)['toggle-open']!({ isOpen: false } as never);
    expect(closed.navigate).toHaveBeenCalledExactlyOnceWith('/unread-messages');

    // The launcher was clicked: the frame's data is there before the host's toggle-open.
    const clicked = fakeWidget({}, { hostAnswered: false });
    clicked.state.hydrate(pageData());
    open(clicked);
    expect(clicked.sent('setUnreadMode')).toEqual([]);
    expect(clicked.navigate).toHaveBeenCalledExactlyOnceWith('/messages');
  });
});
