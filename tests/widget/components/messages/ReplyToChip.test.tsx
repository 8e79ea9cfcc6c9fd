// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { ActivityMessage } from '../../../../src/widget/components/messages/ActivityMessage';
import { ReplyToChip } from '../../../../src/widget/components/messages/ReplyToChip';
import { SUMMARY_LENGTH, messageSummary } from '../../../../src/widget/components/messages/messageSummary';
import { LABELS, chatMessage } from './fixtures';

describe('a reply-to chip', () => {
  it('shows who wrote the quoted message and a summary', () => {
    render(<ReplyToChip sender="Alice" summary="Your order shipped" />);
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByText('Your order shipped')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('jumps to the quoted message when it is selectable', () => {
    const onSelect = vi.fn();
    render(<ReplyToChip sender="Alice" summary="Your order shipped" onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /Alice/ }));
    expect(onSelect).toHaveBeenCalledOnce();
  });

  it("in the composer says 'Replying to' and has a named remove button", () => {
    const onRemove = vi.fn();
    render(<ReplyToChip sender="You" summary="Picture message" onRemove={onRemove} labels={LABELS} />);
    expect(screen.getByText('Replying to')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove reply' }));
    expect(onRemove).toHaveBeenCalledOnce();
  });
});

describe('a message summary', () => {
  it('is the text on one line', () => {
    expect(messageSummary(chatMessage({ content: ' Hello\n\n  there ' }), LABELS)).toBe('Hello there');
  });

  it('reads markdown as its words, without its marks', () => {
    const content = 'It left **today**, see _the_ [tracking page](https://example.com/t) or `AB12`; snake_case_name * 2 stays';
    expect(messageSummary(chatMessage({ content }), LABELS)).toBe(
      'It left today, see the tracking page or AB12; snake_case_name * 2 stays',
    );
  });

  it("is the first attachment's label for a message without text", () => {
    const photo = { id: 1, message_id: 1, account_id: 1, file_type: 'image' as const, data_url: '/x.png' };
    expect(messageSummary(chatMessage({ content: null, attachments: [photo] }), LABELS)).toBe('Picture message');
  });

  // A screen reader says it and a chip shows one line; and taking marks out of more is quadratic
  // (`**a ` × 37,500 froze the widget for 40 s).
  it('reads only the first characters of a long message', () => {
    const summary = messageSummary(chatMessage({ content: `**Your** ${'order '.repeat(25_000)}` }), LABELS);
    expect(summary).toBe(`Your ${'order '.repeat(25_000)}`.slice(0, SUMMARY_LENGTH - 4).trim());
  });

  it('is empty for an empty message', () => {
    expect(messageSummary(chatMessage({ content: '' }), LABELS)).toBe('');
  });
});

describe('an activity message', () => {
  it('shows its text as a muted line', () => {
    const { container } = render(<ActivityMessage content="Conversation was resolved by Alice" />);
    expect(container.querySelector('.activity-message')?.textContent).toBe('Conversation was resolved by Alice');
  });
});
