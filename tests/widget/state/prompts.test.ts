import { fakeWidget, LAST_SEEN_AT, widgetMessage } from './widgetFixture';
import { MESSAGE_TYPE } from '../../../src/shared/types';

/** Lets pending fake-server answers and the effects they trigger run. */
const settle = () => new Promise((done) => setTimeout(done, 0));

describe('the unread-messages prompt', () => {
  it('opens once the widget is ready, in an iframe, closed, with an unread agent message', async () => {
    const { state, navigate, sent } = fakeWidget({ messages: [widgetMessage(1)] });
    await state.load();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/unread-messages');
    expect(sent('setUnreadMode')).toEqual([{}]);
  });

  it('waits until the widget is ready, even when the unread messages are already known', async () => {
    let answerContact!: (contact: unknown) => void;
    const { state, navigate, sent } = fakeWidget({
      messages: [widgetMessage(1)],
      contact: () => new Promise((done) => (answerContact = done)),
    });
    const loading = state.load();
    await settle();
    expect(state.unread.value).toHaveLength(1);
    expect(state.ready.value).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setUnreadMode')).toEqual([]);
    answerContact({ id: 1 });
    await loading;
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/unread-messages');
    expect(sent('setUnreadMode')).toEqual([{}]);
  });

  it('does not open while the widget is open', async () => {
    const { state, navigate, sent } = fakeWidget({ messages: [widgetMessage(1)] });
    state.app.setOpen(true);
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setUnreadMode')).toEqual([]);
  });

  it('does not open outside an iframe (a popout or the /widget page)', async () => {
    const { state, navigate, sent } = fakeWidget({ messages: [widgetMessage(1)] }, { inIframe: false });
    state.app.setOpen(false);
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setUnreadMode')).toEqual([]);
  });

  it('does not open when every agent message has been read', async () => {
    const { state, navigate, sent } = fakeWidget({ messages: [widgetMessage(1, { created_at: LAST_SEEN_AT - 60 })] });
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setUnreadMode')).toEqual([]);
  });

  it("does not open for the visitor's own messages", async () => {
    const { state, navigate } = fakeWidget({
      messages: [widgetMessage(1, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' })],
    });
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens when an agent message arrives while the widget is closed', async () => {
    const { state, navigate, sent, emit } = fakeWidget({ messages: [widgetMessage(1, { created_at: LAST_SEEN_AT - 60 })] });
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
    emit('message.created', { ...widgetMessage(2), account_id: 1 });
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/unread-messages');
    expect(sent('setUnreadMode')).toEqual([{}]);
  });

  it('does not open again while it is showing', async () => {
    const { state, navigate, emit } = fakeWidget({ messages: [widgetMessage(1)] });
    await state.load();
    emit('message.created', { ...widgetMessage(2), account_id: 1 });
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('never opens when the site turned the unread dialog off; the launcher dot still counts', async () => {
    const { state, navigate, bridge } = fakeWidget({ messages: [widgetMessage(1), widgetMessage(2)] });
    state.app.update({ showUnreadMessagesDialog: false });
    await state.load();
    expect(navigate).not.toHaveBeenCalled();
    expect(bridge.send.mock.calls.map(([event]) => event).filter((event) => event !== 'team-availability')).toEqual([
      'handleNotificationDot',
    ]);
    expect(bridge.send).toHaveBeenCalledWith('handleNotificationDot', { unreadMessageCount: 2 });
  });
});

describe('the launcher dot', () => {
  it('counts the unread messages once ready while closed', async () => {
    const { state, sent } = fakeWidget({ messages: [widgetMessage(1), widgetMessage(2, { created_at: LAST_SEEN_AT - 1 })] });
    await state.load();
    expect(sent('handleNotificationDot')).toEqual([{ unreadMessageCount: 1 }]);
  });

  it('says nothing before the widget is ready', async () => {
    const { state, sent } = fakeWidget({ messages: [widgetMessage(1)], contact: () => new Promise(() => undefined) });
    state.load();
    await settle();
    expect(sent('handleNotificationDot')).toEqual([]);
  });
});

describe('leaving the unread-messages prompt', () => {
  it("'See new messages' opens the conversation and takes the frame out of unread mode", async () => {
    const { state, navigate, sent } = fakeWidget({ messages: [widgetMessage(1)] });
    await state.load();
    state.openFromPrompt();
    expect(navigate.mock.lastCall?.[0]).toBe('/messages');
    expect(sent('resetUnreadMode')).toEqual([{}]);
  });

  it("'Close' asks the host to close the frame", async () => {
    const { state, sent } = fakeWidget({ messages: [widgetMessage(1)] });
    await state.load();
    state.closePrompt();
    expect(sent('toggleBubble')).toEqual([{}]);
  });
});
