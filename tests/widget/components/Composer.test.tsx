// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { Composer } from '../../../src/widget/components/Composer';

const labels = { placeholder: 'Type your message', send: 'Send message', attach: 'Add an attachment' };

function setup(maxLength = 10_000) {
  const onSend = vi.fn();
  render(<Composer maxLength={maxLength} labels={labels} onSend={onSend} />);
  const input = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  const type = (text: string) => fireEvent.input(input, { target: { value: text } });
  return { onSend, input, send, type };
}

describe('the message composer', () => {
  it('names the message box and the send button for screen readers', () => {
    const { input, send } = setup();
    expect(input.placeholder).toBe('Type your message');
    expect(send.getAttribute('aria-label')).toBe('Send message');
  });

  it('sends the text on Enter and clears the box', () => {
    const { onSend, input, type } = setup();
    type('Hello');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(input.value).toBe('');
  });

  it('does not send on Shift+Enter', () => {
    const { onSend, input, type } = setup();
    type('Hello');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Hello');
  });

  it('does not send on Enter while an input method is composing', () => {
    const { onSend, input, type } = setup();
    type('にほん');
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the send button and clears the box', () => {
    const { onSend, input, send, type } = setup();
    type('Hello');
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(input.value).toBe('');
  });

  it('does not send an empty message', () => {
    const { onSend, input } = setup();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('does not send a message of only whitespace', () => {
    const { onSend, input, send, type } = setup();
    type('  \n\t ');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(send.form!);
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('  \n\t ');
  });

  it('disables the send button while the box is empty or blank', () => {
    const { send, type } = setup();
    expect(send.disabled).toBe(true);
    type('   ');
    expect(send.disabled).toBe(true);
    type('Hi');
    expect(send.disabled).toBe(false);
  });

  it('disables the send button again after sending', () => {
    const { input, send, type } = setup();
    type('Hello');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(send.disabled).toBe(true);
  });

  it('shows no character count far from the limit', () => {
    const { type } = setup(1_000);
    type('a'.repeat(499));
    expect(screen.queryByText('501')).toBeNull();
    expect(document.querySelector('.composer__count')).toBeNull();
  });

  it('shows the remaining characters within 500 of the limit', () => {
    const { type } = setup(1_000);
    type('a'.repeat(500));
    expect(screen.getByText('500')).toBeTruthy();
    type('a'.repeat(990));
    expect(screen.getByText('10')).toBeTruthy();
  });

  it('announces the count politely', () => {
    const { type } = setup(1_000);
    type('a'.repeat(900));
    expect(screen.getByText('100').getAttribute('aria-live')).toBe('polite');
  });

  it('limits the box to the maximum length', () => {
    const { input } = setup(320);
    expect(input.maxLength).toBe(320);
  });
});
