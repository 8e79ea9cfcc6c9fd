// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Messages } from '../../../src/widget/views/Messages';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { INITIAL_ROWS } from '../../../src/widget/lib/messageWindow';
import { CONVERSATION_ID, fakeWidget, widgetMessage } from '../state/widgetFixture';
import { loadOnce } from '../../../src/widget/lib/loadOnce';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import { MESSAGE_TYPE } from '../../../src/shared/types';

// What each event costs in renders: the composer's, and each message bubble's by message id.
const renders = vi.hoisted(() => ({ composer: 0, bubbles: new Map<unknown, number>() }));
vi.mock('../../../src/widget/components/Composer', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/widget/components/Composer')>();
  return {
    ...real,
    Composer: (props: Parameters<typeof real.Composer>[0]) => {
      renders.composer++;
      return <real.Composer {...props} />;
    },
  };
});
vi.mock('../../../src/widget/components/MessageBubble', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/widget/components/MessageBubble')>();
  return {
    ...real,
    MessageBubble: (props: Parameters<typeof real.MessageBubble>[0]) => {
      renders.bubbles.set(props.message.id, (renders.bubbles.get(props.message.id) ?? 0) + 1);
      return real.MessageBubble(props);
    },
  };
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The conversation view over `widget`'s conversation, fetched first. */
async function showConversation(widget: ReturnType<typeof fakeWidget>) {
  await widget.state.conversation.fetch();
  await widget.state.messages.fetchLatest();
  render(
    <WidgetContext.Provider value={widget.state}>
      <Messages />
    </WidgetContext.Provider>,
  );
}

/** The conversation view on fakes, with `count` agent messages held (as after scrolling back through them). */
async function setup(count: number) {
  const widget = fakeWidget({ messages: Array.from({ length: count }, (_, i) => widgetMessage(i + 1)) });
  await showConversation(widget);
  // The composer is a chunk of its own: the view is ready once it has arrived.
  await screen.findByRole('textbox', { name: 'Type your message' });
  await act(settle);
  renders.composer = 0;
  renders.bubbles.clear();
  return widget;
}

describe('the conversation view of 2,000 messages', () => {
  it('renders only the newest of them', async () => {
    await setup(2000);
    expect(document.querySelectorAll('.message-list > .message-row')).toHaveLength(INITIAL_ROWS);
    expect(screen.getByText('message 2000')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Type your message' })).toBeTruthy();
  });

  it('renders one bubble, and not the composer, when a message arrives', async () => {
    const { emit } = await setup(2000);
    await act(async () => {
      emit('message.created', widgetMessage(2001, { content: 'One more' }));
      await settle();
    });
    expect(screen.getByText('One more')).toBeTruthy();
    expect([...renders.bubbles]).toEqual([[2001, 1]]);
    expect(renders.composer).toBe(0);
  });

  it('renders neither a bubble nor the composer when an agent starts and stops typing', async () => {
    const { emit } = await setup(2000);
    await act(async () => {
      emit('conversation.typing_on', { conversation: { id: CONVERSATION_ID }, user: { name: 'Ana' }, is_private: false });
      await settle();
    });
    expect(screen.getByText('Ana is typing')).toBeTruthy();
    await act(async () => {
      emit('conversation.typing_off', { conversation: { id: CONVERSATION_ID } });
      await settle();
    });
    expect(screen.queryByText('Ana is typing')).toBeNull();
    expect(renders.bubbles.size).toBe(0);
    expect(renders.composer).toBe(0);
  });

  it('renders one bubble when a message held is read by the visitor (a status change)', async () => {
    const { emit } = await setup(2000);
    await act(async () => {
      emit('message.updated', widgetMessage(1999, { status: 'read' }));
      await settle();
    });
    expect([...renders.bubbles]).toEqual([[1999, 1]]);
    expect(renders.composer).toBe(0);
  });
});

describe('a picture pasted into the composer', () => {
  const screenshot = () => new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' });
  const uploads = (widget: Awaited<ReturnType<typeof setup>>) =>
    widget.endpoints.filter((endpoint) => endpoint.method === 'POST' && endpoint.body instanceof FormData);
  const paste = async (file: File) => {
    await act(async () => {
      fireEvent.paste(screen.getByRole('textbox', { name: 'Type your message' }), { clipboardData: { files: [file] } });
      await settle();
    });
  };

  it('is sent at once as the visitor’s message, shown as it uploads, with no Send to press', async () => {
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => undefined;
    // The upload stays on its way, so its bubble can be seen.
    const uploading = (endpoint: Endpoint) => (endpoint.body instanceof FormData ? new Promise(() => undefined) : undefined);
    const widget = fakeWidget({ messages: [widgetMessage(1), widgetMessage(2)], answer: uploading });
    await showConversation(widget);
    await screen.findByRole('textbox', { name: 'Type your message' });
    act(() => widget.state.app.update({ enableFileUpload: true }));
    expect(screen.getByRole('button', { name: 'Add an attachment' })).toBeTruthy();
    await paste(screenshot());
    // The flow and the attachments chunk come first: a busy machine may take its time.
    await vi.waitFor(() => expect(uploads(widget)).toHaveLength(1), { timeout: 5_000 });
    expect((uploads(widget)[0].body as FormData).get('message[attachments][]')).toMatchObject({ name: 'screenshot.png' });
    expect(widget.state.messages.list.value.at(-1)).toMatchObject({
      status: 'in_progress',
      attachments: [{ fallback_title: 'screenshot.png', file_type: 'image' }],
    });
    // Nothing is left waiting in the composer: Send has nothing to send.
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('is refused at once, naming the rule, when the inbox’s file rules refuse it, and never leaves', async () => {
    const widget = await setup(2);
    act(() => widget.state.app.update({ enableFileUpload: true }));
    await paste(new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    await vi.waitFor(() => expect(widget.state.banner.value?.message).toBe("setup.exe can't be sent: this chat doesn't accept .exe files"));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(uploads(widget)).toEqual([]);
  });

  it('over the inbox’s size is refused with the inbox’s limit, below the server’s', async () => {
    const widget = fakeWidget(
      { messages: [widgetMessage(1)] },
      { channel: { fileRules: { extensions: ['png'], maxSizeMb: 1 }, enabledFeatures: ['attachments'] } },
    );
    await showConversation(widget);
    await screen.findByRole('textbox', { name: 'Type your message' });
    await paste(new File([new Uint8Array(1024 * 1024 + 1)], 'photo.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(widget.state.banner.value?.message).toBe('File exceeds the 1 MB attachment limit'));
    expect(uploads(widget)).toEqual([]);
  });

  it('where files are off, offers no attach button and refuses a pasted file with a message', async () => {
    const widget = await setup(2);
    act(() => widget.state.app.update({ enableFileUpload: false }));
    expect(screen.queryByRole('button', { name: 'Add an attachment' })).toBeNull();
    await paste(screenshot());
    await vi.waitFor(() => expect(widget.state.banner.value?.message).toBe("Files can't be sent in this chat"));
    // A dropped file takes the same way; happy-dom names no `ondrop`, so e2e/fileRules.spec.ts drops one.
    expect(uploads(widget)).toEqual([]);
  });
});

describe("a survey's rating chosen and not sent", () => {
  const survey = () =>
    widgetMessage(2, { content: 'How did we do?', content_type: 'input_csat', content_attributes: { display_type: 'emoji' } });
  /** The conversation view with the survey, shown anew (as after the visitor went home and came back). */
  async function showSurvey(widget: ReturnType<typeof fakeWidget>) {
    await showConversation(widget);
    // The survey comes with the interactive chunk: a busy machine may take its time.
    return (await screen.findByRole('group', { name: 'Rate your conversation' }, { timeout: 5_000 })) as HTMLFieldSetElement;
  }
  const chosen = (group: HTMLFieldSetElement) =>
    [...group.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((radio) => radio.checked)?.value;
  const choose = (group: HTMLFieldSetElement, rating: string) =>
    act(() => {
      fireEvent.click(group.querySelector(`input[value="${rating}"]`)!);
    });
  afterEach(() => localStorage.clear());

  it('stays chosen when the view shows it again, and on the next page where the widget may store', async () => {
    const widget = fakeWidget({ messages: [widgetMessage(1), survey()] });
    await choose(await showSurvey(widget), '4');
    cleanup();
    expect(chosen(await showSurvey(widget))).toBe('4');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();

    // The next page: a widget anew, over the frame's storage.
    cleanup();
    expect(chosen(await showSurvey(fakeWidget({ messages: [widgetMessage(1), survey()] })))).toBe('4');
  });

  it('shows one kept by an earlier page chosen as soon as the widget knows it may look in its storage', async () => {
    localStorage.setItem('wren:csat:2', '3');
    // The host has not said yet whether the chat is open, so the widget does not know its consent.
    const widget = fakeWidget({ messages: [widgetMessage(1), survey()] }, { hostAnswered: false });
    const group = await showSurvey(widget);
    expect(chosen(group)).toBeUndefined();
    act(() => widget.state.app.setOpen(true));
    expect(chosen(group)).toBe('3');
  });

  it('is kept in the page only while the visitor has not consented', async () => {
    const widget = fakeWidget({ messages: [widgetMessage(1), survey()] });
    act(() => widget.state.app.update({ consent: 'ask' }));
    await choose(await showSurvey(widget), '2');
    expect(Object.keys(localStorage)).toEqual([]);
    cleanup();
    expect(chosen(await showSurvey(widget))).toBe('2');
    cleanup();
    expect(chosen(await showSurvey(fakeWidget({ messages: [widgetMessage(1), survey()] })))).toBeUndefined();
  });

  it('is forgotten once Submit sends it', async () => {
    const widget = fakeWidget({ messages: [widgetMessage(1), survey()] });
    const group = await showSurvey(widget);
    await choose(group, '5');
    expect(Object.keys(localStorage)).toEqual(['wren:csat:2']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await settle();
    });
    await vi.waitFor(() => expect(Object.keys(localStorage)).toEqual([]));
  });
});

describe('a resolved conversation', () => {
  /** The view of a resolved conversation in an inbox that does or does not take messages after resolving. */
  async function resolvedIn(allowMessagesAfterResolved: boolean) {
    const widget = fakeWidget(
      { conversation: { status: 'resolved' }, messages: [widgetMessage(1, { content: 'Glad to help!' })] },
      { channel: { allowMessagesAfterResolved } },
    );
    await showConversation(widget);
    await screen.findByText('This conversation has been resolved');
    await act(settle);
    return widget;
  }

  it("still takes the visitor's messages where the inbox allows it, and offers no new conversation", async () => {
    const { endpoints } = await resolvedIn(true);
    const composer = screen.getByRole('textbox', { name: 'Type your message' });
    expect(screen.queryByRole('button', { name: 'Start a new conversation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a conversation transcript' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reply' })).toBeTruthy();

    await act(async () => {
      fireEvent.input(composer, { target: { value: 'One more question' } });
      await settle();
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
      await settle();
    });
    await vi.waitFor(() =>
      expect(endpoints.find((e) => e.method === 'POST' && e.path === '/api/v1/widget/messages')?.body).toMatchObject({
        message: { content: 'One more question' },
      }),
    );
  });

  it('offers only a new conversation where the inbox does not take messages after resolving', async () => {
    await resolvedIn(false);
    expect(screen.getByRole('button', { name: 'Start a new conversation' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Type your message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});

describe('a campaign whose conversation did not start', () => {
  it('says so where the conversation would be, and starts it on Try again', async () => {
    let failing = true;
    const page = 'https://shop.example/pricing';
    const widget = fakeWidget({
      conversation: null,
      campaigns: [
        {
          id: 7,
          trigger_rules: { url: page, time_on_page: 0 },
          trigger_only_during_business_hours: false,
          message: 'Need help choosing a plan?',
          sender: null,
        },
      ],
      answer: (endpoint) => (endpoint.path.endsWith('/events') && failing ? Promise.reject(new Error('offline')) : undefined),
    });
    await widget.state.load();
    widget.state.app.setPage(page, 'shop.example');
    widget.state.campaigns.setPage(page, true);
    await vi.waitFor(() => expect(widget.state.campaigns.active.value).not.toBeNull());
    await widget.state.openCampaign();
    await showConversation(widget);

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain("We couldn't start this conversation.");
    failing = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await settle();
    });
    expect(widget.endpoints.filter((endpoint) => endpoint.path.endsWith('/events'))).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the conversation before its flow has arrived (docs/architecture.md#loading-strategy)', () => {
  type FlowCode = typeof import('../../../src/widget/state/conversationFlow');
  /** A flow chunk that arrives or fails when the test says, each fetch of it recorded. */
  function flowOnCue() {
    const fetches: { arrive(): void; fail(): void }[] = [];
    const chunk = loadOnce(
      () =>
        new Promise<FlowCode>((resolve, reject) => {
          fetches.push({
            arrive: () => resolve(import('../../../src/widget/state/conversationFlow')),
            fail: () => reject(new Error('Failed to fetch dynamically imported module: flow.js')),
          });
        }),
    );
    return { chunk, fetches };
  }

  async function conversationAwaitingFlow({ resolved = false } = {}) {
    const flow = flowOnCue();
    // The server stores a send as the visitor's message, with the echo id it came with.
    const stored = (endpoint: Endpoint) => {
      const { message } = endpoint.body as { message: { content: string; echo_id: string } };
      return widgetMessage(2, { ...message, message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' });
    };
    const widget = fakeWidget(
      {
        conversation: resolved ? { status: 'resolved' } : {},
        messages: [widgetMessage(1, { content: 'How can we help?' })],
        answer: (endpoint) => (endpoint.method === 'POST' && endpoint.path.endsWith('/messages') ? stored(endpoint) : undefined),
      },
      { flowChunk: flow.chunk, channel: { allowMessagesAfterResolved: !resolved } },
    );
    await showConversation(widget);
    await act(settle);
    const box = screen.queryByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
    const write = (text: string) => act(async () => fireEvent.input(box, { target: { value: text } }));
    const enter = () => act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    const sends = () => widget.endpoints.filter((e) => e.method === 'POST' && e.path === '/api/v1/widget/messages');
    return { widget, flow, box, write, enter, sends };
  }

  it('shows the history and a usable composer without fetching the flow', async () => {
    const { flow, box } = await conversationAwaitingFlow();
    expect(screen.getByText('How can we help?')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
    expect(box.readOnly).toBe(false);
    expect(flow.fetches).toHaveLength(0);
  });

  it("fetches the flow at the visitor's first keystroke, once", async () => {
    const { flow, write } = await conversationAwaitingFlow();
    await write('D');
    expect(flow.fetches).toHaveLength(1);
    await write('Do');
    await write('Do you');
    expect(flow.fetches).toHaveLength(1);
  });

  it('does not fetch it again at every keystroke after it failed (offline): the send asks again', async () => {
    const { flow, write, enter } = await conversationAwaitingFlow();
    await write('D');
    await act(async () => {
      flow.fetches[0].fail();
      await settle();
    });
    await write('Do');
    await write('Do you');
    expect(flow.fetches).toHaveLength(1);
    await enter();
    expect(flow.fetches).toHaveLength(2);
  });

  it('fetches the flow when the site puts text in the composer ($chatwoot.showNewMessage), once it is there', async () => {
    const { widget, flow, box } = await conversationAwaitingFlow();
    await act(async () => {
      widget.state.composer.prefill('Where is my order #1234?');
      await settle();
    });
    expect(box.value).toBe('Where is my order #1234?');
    expect(flow.fetches).toHaveLength(1);
  });

  it('fetches the flow when the visitor pastes a file', async () => {
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => undefined;
    const { widget, flow, box } = await conversationAwaitingFlow();
    act(() => widget.state.app.update({ enableFileUpload: true }));
    const screenshot = new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.paste(box, { clipboardData: { files: [screenshot] } });
      await settle();
    });
    expect(flow.fetches).toHaveLength(1);
  });

  it('sends a text written before the flow arrived once it has, exactly once', async () => {
    const { flow, box, write, enter, sends } = await conversationAwaitingFlow();
    await write('Do you ship to Norway?');
    await enter();
    await enter();
    expect(box.value).toBe('Do you ship to Norway?');
    expect(box.readOnly).toBe(true);
    expect(sends()).toEqual([]);

    flow.fetches[0].arrive();
    await vi.waitFor(() => expect(box.value).toBe(''));
    expect(sends()[0].body).toMatchObject({ message: { content: 'Do you ship to Norway?' } });
    expect(screen.getByText('Do you ship to Norway?')).toBeTruthy();
    expect(sends()).toHaveLength(1);
    expect(flow.fetches).toHaveLength(1);
  });

  it('keeps the text and says so when the flow cannot load, and sends it on the next try', async () => {
    const { widget, flow, box, write, enter, sends } = await conversationAwaitingFlow();
    await write('Do you ship to Norway?');
    await enter();
    await act(async () => {
      flow.fetches[0].fail();
      await settle();
    });
    expect(box.value).toBe('Do you ship to Norway?');
    expect(box.readOnly).toBe(false);
    expect(widget.state.banner.value).toEqual({ message: 'Part of the chat failed to load.', type: 'error' });
    expect(sends()).toEqual([]);

    await enter();
    expect(flow.fetches).toHaveLength(2);
    flow.fetches[1].arrive();
    await vi.waitFor(() => expect(box.value).toBe(''));
    expect(sends()).toHaveLength(1);
    expect(sends()[0].body).toMatchObject({ message: { content: 'Do you ship to Norway?' } });
  });

  it("starts a new conversation from a resolved one's footer once the flow has arrived", async () => {
    const { widget, flow } = await conversationAwaitingFlow({ resolved: true });
    await screen.findByRole('button', { name: 'Start a new conversation' });
    expect(flow.fetches).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' })));
    expect(flow.fetches).toHaveLength(1);
    expect(widget.state.conversation.id.value).toBe(CONVERSATION_ID);

    flow.fetches[0].arrive();
    await vi.waitFor(() => expect(widget.state.conversation.id.value).toBeUndefined());
    expect(widget.state.messages.list.value).toEqual([]);
  });
});
