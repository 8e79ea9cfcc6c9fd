// @vitest-environment happy-dom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { signal, type Signal } from '@preact/signals-react';
import { MessageList, type MessageListProps } from '../../../src/widget/components/MessageList';
import type { ChatMessage } from '../../../src/widget/state/chatMessage';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { INITIAL_ROWS } from '../../../src/widget/lib/messageWindow';
import { TypingIndicator } from '../../../src/widget/components/TypingIndicator';
import { LABELS } from './messages/fixtures';

// Every render of a message's bubble, by message id: what a new message or a typing event costs.
const bubbleRenders = vi.hoisted(() => new Map<unknown, number>());
vi.mock('../../../src/widget/components/MessageBubble', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/widget/components/MessageBubble')>();
  return {
    ...real,
    MessageBubble: (props: Parameters<typeof real.MessageBubble>[0]) => {
      bubbleRenders.set(props.message.id, (bubbleRenders.get(props.message.id) ?? 0) + 1);
      return real.MessageBubble(props);
    },
  };
});

const labels = {
  failed: "Couldn't send, try again",
  retry: 'Send message again',
  sending: 'Sending',
  conversation: 'Conversation',
  you: 'You',
  bot: 'Bot',
  loadingOlder: 'Loading older messages',
};

const DAY_S = 24 * 60 * 60;
const MONDAY = new Date(2026, 2, 9, 9, 0).getTime() / 1000;

let nextId = 1;
const msg = (fields: Partial<ChatMessage> = {}): ChatMessage => {
  const id = nextId++;
  return {
    id,
    content: `message ${id}`,
    message_type: MESSAGE_TYPE.outgoing,
    content_attributes: {},
    created_at: MONDAY,
    conversation_id: 10,
    status: 'sent',
    sender: { id: 1, name: 'Ana', avatar_url: '', type: 'user' },
    ...fields,
  };
};
const fromVisitor = (fields: Partial<ChatMessage> = {}) => msg({ message_type: MESSAGE_TYPE.incoming, sender: undefined, ...fields });
const fromAgent = (name: string, fields: Partial<ChatMessage> = {}) =>
  msg({ sender: { id: name.length, name, avatar_url: '', type: 'user' }, ...fields });

function setup(messages: ChatMessage[] | Signal<ChatMessage[]>, props: Partial<MessageListProps> = {}) {
  const onRetry = vi.fn();
  const dayLabel = vi.fn((createdAt: number) => (createdAt >= MONDAY + DAY_S ? 'Today' : 'Yesterday'));
  render(
    <MessageList
      messages={Array.isArray(messages) ? signal(messages) : messages}
      labels={labels}
      dayLabel={dayLabel}
      senderOf={(message) => ({ name: message.sender?.name ?? 'Bot' })}
      onRetry={onRetry}
      {...props}
    />,
  );
  return { onRetry, dayLabel, log: screen.getByRole('log') };
}

const senderNames = () => [...document.querySelectorAll('.message-row__sender')].map((el) => el.textContent);

beforeEach(() => {
  nextId = 1;
  bubbleRenders.clear();
});

/** What the list's one status says now. */
const announced = () => document.querySelector('.messages__scroller > [role="status"]')!.textContent;

const renderedContents = () => [...document.querySelectorAll('.message-list .bubble__content')].map((el) => el.textContent);

describe('the message list', () => {
  it('is a log named after the conversation, not itself live: its rows re-render', () => {
    const { log } = setup([]);
    expect(log.getAttribute('aria-live')).toBe('off');
    expect(log.getAttribute('aria-label')).toBe('Conversation');
    expect(screen.getByRole('log', { name: 'Conversation' })).toBe(log);
  });

  it('shows every message in the order given', () => {
    setup([fromAgent('Ana', { content: 'Hi there' }), fromVisitor({ content: 'Hello' })]);
    expect([...document.querySelectorAll('.bubble__content')].map((el) => el.textContent)).toEqual(['Hi there', 'Hello']);
  });

  it('shows each message on one row whatever it is given: an id twice, or a local copy beside the stored message it became', () => {
    const answer = fromAgent('Ana', { content: 'Answered' });
    const local = fromVisitor({ id: 'echo-1', status: 'in_progress', content: 'Hello' });
    const stored = fromVisitor({ id: 9001, echo_id: 'echo-1', content: 'Hello' });
    const messages = signal([answer, { ...answer }, stored, local]);
    setup(messages);
    const rows = () => [...document.querySelectorAll('.bubble-wrap')].map((el) => el.getAttribute('data-message-id'));
    expect(rows()).toEqual([String(answer.id), '9001']);
    // Still one row each as the list changes around them.
    act(() => {
      messages.value = [answer, stored, local, answer];
    });
    expect(rows()).toEqual([String(answer.id), '9001']);
  });

  it('shows one date separator per day, above its first message', () => {
    setup([
      fromAgent('Ana', { created_at: MONDAY }),
      fromVisitor({ created_at: MONDAY + 60 }),
      fromAgent('Ana', { created_at: MONDAY + DAY_S }),
      fromVisitor({ created_at: MONDAY + DAY_S + 60 }),
    ]);
    const separators = screen.getAllByRole('separator');
    expect(separators.map((el) => el.textContent)).toEqual(['Yesterday', 'Today']);
    const rows = [...document.querySelector('.message-list')!.children];
    expect(rows.map((el) => (el.getAttribute('role') === 'separator' ? el.textContent : 'message'))).toEqual([
      'Yesterday',
      'message',
      'message',
      'Today',
      'message',
      'message',
    ]);
  });

  it('labels the visitor\'s own messages "You"', () => {
    setup([fromVisitor({ content: 'Hello' })]);
    expect(senderNames()).toEqual(['You']);
  });

  it('shows the agent name over an agent message', () => {
    setup([fromAgent('Ana')]);
    expect(senderNames()).toEqual(['Ana']);
  });

  it('groups consecutive messages from one sender under one name', () => {
    setup([fromAgent('Ana'), fromAgent('Ana'), fromVisitor(), fromVisitor(), fromAgent('Ana')]);
    expect(senderNames()).toEqual(['Ana', 'You', 'Ana']);
    expect(document.querySelectorAll('.message-row--grouped')).toHaveLength(2);
  });

  it('does not group messages from two different agents', () => {
    setup([fromAgent('Ana'), fromAgent('Ben')]);
    expect(senderNames()).toEqual(['Ana', 'Ben']);
  });

  it('starts a new group on a new day even for the same sender', () => {
    setup([fromAgent('Ana', { created_at: MONDAY }), fromAgent('Ana', { created_at: MONDAY + DAY_S })]);
    expect(senderNames()).toEqual(['Ana', 'Ana']);
  });

  it('puts an agent’s avatar beside each bubble, before it, and none by the visitor’s', () => {
    // Which one shows (the group's last) is CSS's: tested in e2e/conversationDetails.spec.ts.
    setup([fromAgent('Ana'), fromAgent('Ana'), fromVisitor()]);
    const wraps = [...document.querySelectorAll('.bubble-wrap')];
    expect(wraps.map((wrap) => wrap.firstElementChild?.classList.contains('avatar'))).toEqual([true, true, false]);
    expect(document.querySelectorAll('.avatar')).toHaveLength(2);
  });

  it('shows a failed message with its error and a retry button that passes the id', () => {
    const failed = fromVisitor({ id: 'echo-1', status: 'failed', meta: { error: '' }, content: 'Hello' });
    const { onRetry, log } = setup([failed]);
    expect(log.querySelector('.bubble__error')!.textContent).toContain("Couldn't send, try again");
    fireEvent.click(within(log).getByRole('button', { name: 'Send message again' }));
    expect(onRetry).toHaveBeenCalledExactlyOnceWith('echo-1');
  });

  it('shows no error or retry for sent messages', () => {
    setup([fromVisitor(), fromAgent('Ana')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send message again' })).toBeNull();
  });
});

describe('a long conversation', () => {
  const conversation = (count: number) => Array.from({ length: count }, () => fromAgent('Ana'));

  it('renders only the newest messages of 2,000, in order, under the day they belong to', () => {
    setup(conversation(2000));
    const rows = document.querySelectorAll('.message-list > .message-row');
    expect(rows).toHaveLength(INITIAL_ROWS);
    expect(renderedContents().at(-1)).toBe('message 2000');
    expect(renderedContents()[0]).toBe(`message ${2001 - INITIAL_ROWS}`);
    // The first message rendered is not the first of its day: no separator above it.
    expect(screen.queryAllByRole('separator')).toHaveLength(0);
  });

  it('renders only the new row when a message is appended', () => {
    const messages = signal(conversation(2000));
    setup(messages);
    bubbleRenders.clear();
    const reply = fromAgent('Ana', { content: 'A new one' });
    act(() => {
      messages.value = [...messages.value, reply];
    });
    expect(renderedContents().at(-1)).toBe('A new one');
    expect([...bubbleRenders]).toEqual([[reply.id, 1]]);
  });

  it("renders only the row whose message changed (a visitor's message turning from sending to sent)", () => {
    const messages = signal([...conversation(50), fromVisitor({ id: 'echo-1', status: 'in_progress', content: 'Hello' })]);
    setup(messages);
    bubbleRenders.clear();
    act(() => {
      messages.value = [...messages.value.slice(0, -1), { ...messages.value.at(-1)!, id: 9001, status: 'sent' }];
    });
    expect([...bubbleRenders]).toEqual([[9001, 1]]);
  });

  it('renders no message when an agent starts typing, only the dots', () => {
    const isTyping = signal(false);
    setup(conversation(100), {
      children: <TypingIndicator isTyping={isTyping} typist={signal('Ana')} label={(name) => `${name} is typing`} />,
    });
    bubbleRenders.clear();
    act(() => {
      isTyping.value = true;
    });
    expect(screen.getByText('Ana is typing').closest('[role="status"]')).not.toBeNull();
    expect(bubbleRenders.size).toBe(0);
  });

  it('brings a quoted message far above into the DOM when the visitor chooses the quote', () => {
    const messages = conversation(2000);
    messages.push(fromAgent('Ana', { content: 'About that', content_attributes: { in_reply_to: 5 } }));
    setup(messages, { quoted: (id) => messages.find((m) => m.id === id) });
    expect(renderedContents()).not.toContain('message 5');
    fireEvent.click(screen.getByRole('button', { name: /message 5$/ }));
    expect(renderedContents()).toContain('message 5');
    expect(document.querySelectorAll('.message-list > .message-row').length).toBeLessThan(INITIAL_ROWS + 1);
  });

  it('leads a quote of a message older than the history held to the caller, who brings it in', () => {
    const messages = signal(conversation(40));
    messages.value = [...messages.value, fromAgent('Ana', { content: 'About that', content_attributes: { in_reply_to: 3 } })];
    const onQuoteSelect = vi.fn();
    // Message 3 is not held: only what came after it is.
    const held = signal(messages.value.filter((m) => m.id !== 3));
    setup(held, {
      quoted: (id) => held.value.find((m) => m.id === id),
      onQuoteSelect,
      labels: { ...labels, goToQuoted: 'Show the original message' },
    });
    const chip = screen.getByRole('button', { name: 'Show the original message' });
    expect(chip.getAttribute('title')).toBe('Show the original message');
    fireEvent.click(chip);
    expect(onQuoteSelect).toHaveBeenCalledWith(3);
  });

  it('moves its window to a message it is asked to show (a quote brought in from older history)', () => {
    const messages = conversation(2000);
    const focus = signal<{ id: number } | null>(null);
    setup(messages, { focus });
    expect(renderedContents()).not.toContain('message 7');
    act(() => {
      focus.value = { id: 7 };
    });
    expect(renderedContents()).toContain('message 7');
    expect(document.querySelectorAll('.message-list > .message-row').length).toBeLessThan(INITIAL_ROWS + 1);
  });

  it('puts each message’s time and the visitor’s delivery state under it', () => {
    setup([fromAgent('Ana', { content: 'Hi there' }), fromVisitor({ content: 'Hello', status: 'read' })], {
      labels: {
        ...labels,
        time: () => ({ short: '14:05', exact: 'Monday 9 March 2026 at 14:05:00', iso: '2026-03-09T14:05:00.000Z' }),
        delivery: { sent: 'Sent', delivered: 'Delivered', read: 'Read' },
      },
    });
    const times = [...document.querySelectorAll('.bubble__meta time')];
    expect(times.map((el) => [el.textContent, el.getAttribute('title')])).toEqual([
      ['14:05', 'Monday 9 March 2026 at 14:05:00'],
      ['14:05', 'Monday 9 March 2026 at 14:05:00'],
    ]);
    expect(document.querySelector('.message-row--visitor .bubble__status')?.getAttribute('title')).toBe('Read');
    expect(document.querySelector('.message-row--agent .bubble__status')).toBeNull();
  });

  it('announces a new agent message that arrives while the visitor reads far above', () => {
    const messages = signal(conversation(2000));
    messages.value = [...messages.value, fromAgent('Ana', { content: 'Quoting', content_attributes: { in_reply_to: 5 } })];
    setup(messages, { quoted: (id) => messages.value.find((m) => m.id === id) });
    fireEvent.click(screen.getByRole('button', { name: /message 5$/ }));
    act(() => {
      messages.value = [...messages.value, fromAgent('Ben', { content: 'Are you still there?' })];
    });
    expect(renderedContents()).not.toContain('Are you still there?');
    expect(announced()).toBe('Ben: Are you still there?');
  });

  it("says each new message from the other side once, not the visitor's own, not history already there", () => {
    const messages = signal([fromAgent('Ana', { content: 'Held before' })]);
    setup(messages);
    expect(announced()).toBe('');
    act(() => {
      messages.value = [...messages.value, fromVisitor({ id: 'echo-1', status: 'in_progress', content: 'Hello' })];
    });
    expect(announced()).toBe('');
    act(() => {
      messages.value = [...messages.value, fromAgent('Ben', { content: 'Hi there' })];
    });
    expect(announced()).toBe('Ben: Hi there');
  });

  it("says the start of an agent's very long message, not all of it", () => {
    const messages = signal([fromAgent('Ana', { content: 'Held before' })]);
    setup(messages, { messageLabels: LABELS });
    act(() => {
      messages.value = [...messages.value, fromAgent('Ben', { content: 'a '.repeat(75_000) })];
    });
    expect(announced()).toBe(`Ben: ${'a '.repeat(250).trim()}`);
  });

  it("says an agent's message that sorts above the visitor's failed send (the same second)", () => {
    const failed = fromVisitor({ id: 'echo-1', status: 'failed', content: 'Refused' });
    const messages = signal([fromAgent('Ana', { content: 'Held before' }), failed]);
    setup(messages);
    act(() => {
      // The messages model puts a stored message before a local one of the same second.
      messages.value = [messages.value[0], fromAgent('Ben', { content: 'How did we do?' }), failed];
    });
    expect(announced()).toBe('Ben: How did we do?');
  });

  it('says a send that failed, once, and again when its retry fails', () => {
    const sending = fromVisitor({ id: 'echo-1', status: 'in_progress', content: 'Hello' });
    const messages = signal([sending]);
    setup(messages, { labels: { ...labels, refused: { refused: 'The chat server did not accept it.', session: 'Reload.' } } });
    act(() => {
      messages.value = [{ ...sending, status: 'failed', meta: { error: 'refused' } }];
    });
    expect(announced()).toBe("Couldn't send, try again The chat server did not accept it.");
    act(() => {
      messages.value = [{ ...sending, status: 'in_progress' }];
    });
    act(() => {
      messages.value = [{ ...sending, status: 'failed', meta: { error: 'session' } }];
    });
    expect(announced()).toBe("Couldn't send, try again Reload.");
  });

  it('brings the visitor back to the newest when they send while reading far above', () => {
    const messages = signal(conversation(2000));
    messages.value = [...messages.value, fromAgent('Ana', { content: 'Quoting', content_attributes: { in_reply_to: 5 } })];
    setup(messages, { quoted: (id) => messages.value.find((m) => m.id === id) });
    fireEvent.click(screen.getByRole('button', { name: /message 5$/ }));
    act(() => {
      messages.value = [...messages.value, fromVisitor({ id: 'echo-2', status: 'in_progress', content: 'Yes!' })];
    });
    expect(renderedContents().at(-1)).toBe('Yes!');
  });

  it('goes to the newest message on End, from a window far above', () => {
    const messages = conversation(2000);
    messages.push(fromAgent('Ana', { content: 'Quoting', content_attributes: { in_reply_to: 5 } }));
    const { log } = setup(messages, { quoted: (id) => messages.find((m) => m.id === id) });
    fireEvent.click(screen.getByRole('button', { name: /message 5$/ }));
    expect(renderedContents()).not.toContain('Quoting');
    fireEvent.keyDown(log, { key: 'End' });
    expect(renderedContents().at(-1)).toBe('Quoting');
  });
});
