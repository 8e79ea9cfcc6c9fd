// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { MessageBubble } from '../../../src/widget/components/MessageBubble';
import type { ChatMessage } from '../../../src/widget/state/chatMessage';
import { MESSAGE_TYPE } from '../../../src/shared/types';

const labels = {
  failed: "Couldn't send, try again",
  retry: 'Send message again',
  sending: 'Sending',
  waiting: 'Not sent yet: it goes once the connection is back',
  refused: { refused: 'The chat server did not accept it.', session: 'Your chat session has ended: reload the page to send it.' },
};

const message = (fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id: 501,
  content: 'Hello',
  message_type: MESSAGE_TYPE.incoming,
  content_attributes: {},
  created_at: 1_700_000_000,
  conversation_id: 10,
  status: 'sent',
  ...fields,
});

function setup(fields: Partial<ChatMessage> = {}) {
  const onRetry = vi.fn();
  const { container } = render(<MessageBubble message={message(fields)} labels={labels} onRetry={onRetry} />);
  return { onRetry, bubble: container.querySelector('.bubble') as HTMLElement };
}

describe('a message bubble', () => {
  it('shows the message text', () => {
    setup({ content: 'Where is my order?' });
    expect(screen.getByText('Where is my order?')).toBeTruthy();
  });

  it('shows message text as text, never as markup', () => {
    const { bubble } = setup({ content: '<img src=x onerror=alert(1)>' });
    expect(bubble.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
  });

  it('shows "Couldn\'t send, try again" and a "Send message again" button on a failed message', () => {
    setup({ id: 'echo-1', status: 'failed', meta: { error: '' } });
    expect(document.querySelector('.bubble__error')!.textContent).toContain("Couldn't send, try again");
    expect(screen.getByRole('button', { name: 'Send message again' })).toBeTruthy();
  });

  it('calls onRetry with the message id when "Send message again" is pressed', () => {
    const { onRetry } = setup({ id: 'echo-1', status: 'failed', meta: { error: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message again' }));
    expect(onRetry).toHaveBeenCalledExactlyOnceWith('echo-1');
  });

  it('passes a numeric id to onRetry as a string', () => {
    const { onRetry } = setup({ id: 501, status: 'failed', meta: { error: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message again' }));
    expect(onRetry).toHaveBeenCalledExactlyOnceWith('501');
  });

  it('marks a failed bubble for styling', () => {
    const { bubble } = setup({ status: 'failed' });
    expect(bubble.classList.contains('bubble--failed')).toBe(true);
  });

  it.each(['sent', 'delivered', 'read', 'in_progress'] as const)('shows no error or retry when %s', (status) => {
    setup({ status });
    expect(document.querySelector('.bubble__error')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is busy with a hidden "Sending" text while in progress', () => {
    const { bubble } = setup({ id: 'echo-1', status: 'in_progress' });
    expect(bubble.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Sending').className).toBe('visually-hidden');
  });

  it('says a message waiting for the connection will go by itself, with no retry to press', () => {
    const { bubble } = setup({ id: 'echo-1', status: 'in_progress', waiting: true });
    expect(screen.getByRole('status').textContent).toBe('Not sent yet: it goes once the connection is back');
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('.bubble__error:not(.bubble__error--waiting)')).toBeNull();
    // Readable while it waits: not faded as a send in flight is.
    expect(bubble.getAttribute('aria-busy')).toBe('false');
  });

  it.each([
    ['refused', 'The chat server did not accept it.'],
    ['session', 'Your chat session has ended: reload the page to send it.'],
  ] as const)('says why the server refused a message (%s), with the retry', (error, reason) => {
    setup({ id: 'echo-1', status: 'failed', meta: { error } });
    expect(document.querySelector('.bubble__error')!.textContent).toBe(`Couldn't send, try again${reason}Send message again`);
  });

  it('is not busy once sent', () => {
    const { bubble } = setup({ status: 'sent' });
    expect(bubble.getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('Sending')).toBeNull();
  });

  it.each([
    ['visitor', MESSAGE_TYPE.incoming, 'bubble--visitor'],
    ['agent', MESSAGE_TYPE.outgoing, 'bubble--agent'],
  ] as const)('puts a %s message on its own side', (_who, type, className) => {
    const { bubble } = setup({ message_type: type });
    expect(bubble.classList.contains(className)).toBe(true);
  });
});
