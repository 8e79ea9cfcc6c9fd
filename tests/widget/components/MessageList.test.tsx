// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { signal } from '@preact/signals-react';
import { MessageList, type MessageListProps } from '../../../src/widget/components/MessageList';
import type { ChatMessage } from '../../../src/widget/state/messageMerge';
import { MESSAGE_TYPE } from '../../../src/shared/types';

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

function setup(messages: ChatMessage[], props: Partial<MessageListProps> = {}) {
  const onRetry = vi.fn();
  const dayLabel = vi.fn((createdAt: number) => (createdAt >= MONDAY + DAY_S ? 'Today' : 'Yesterday'));
  render(
    <MessageList
      messages={signal(messages)}
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
});

describe('the message list', () => {
  it('is a polite live log named after the conversation', () => {
    const { log } = setup([]);
    expect(log.getAttribute('aria-live')).toBe('polite');
    expect(log.getAttribute('aria-label')).toBe('Conversation');
    expect(screen.getByRole('log', { name: 'Conversation' })).toBe(log);
  });

  it('shows every message in the order given', () => {
    setup([fromAgent('Ana', { content: 'Hi there' }), fromVisitor({ content: 'Hello' })]);
    expect([...document.querySelectorAll('.bubble__content')].map((el) => el.textContent)).toEqual(['Hi there', 'Hello']);
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

  it('shows an avatar only at the start of an agent group, and none for the visitor', () => {
    setup([fromAgent('Ana'), fromAgent('Ana'), fromVisitor()]);
    expect(document.querySelectorAll('.avatar')).toHaveLength(1);
    expect(document.querySelectorAll('.avatar-spacer')).toHaveLength(1);
  });

  it('shows a failed message with its error and a retry button that passes the id', () => {
    const failed = fromVisitor({ id: 'echo-1', status: 'failed', meta: { error: '' }, content: 'Hello' });
    const { onRetry, log } = setup([failed]);
    const alert = within(log).getByRole('alert');
    expect(alert.textContent).toContain("Couldn't send, try again");
    fireEvent.click(within(alert).getByRole('button', { name: 'Send message again' }));
    expect(onRetry).toHaveBeenCalledExactlyOnceWith('echo-1');
  });

  it('shows no error or retry for sent messages', () => {
    setup([fromVisitor(), fromAgent('Ana')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send message again' })).toBeNull();
  });
});
