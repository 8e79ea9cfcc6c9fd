// @vitest-environment happy-dom
import { hostActions } from '../../../src/widget/host/hostActions';
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
