// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ReplyBox } from '../../../src/agent/components/ReplyBox';

function setup(result = true) {
  const onSend = vi.fn(async () => result);
  const onTyping = vi.fn();
  const onStop = vi.fn();
  render(<ReplyBox contactName="Ana" onSend={onSend} onTyping={onTyping} onStop={onStop} />);
  const box = screen.getByRole('textbox', { name: 'Reply to Ana' }) as HTMLTextAreaElement;
  return { box, onSend, onTyping, onStop };
}

describe('the reply box', () => {
  it('tells of typing on every keystroke and sends on Enter, then empties', async () => {
    const { box, onSend, onTyping } = setup();
    fireEvent.input(box, { target: { value: 'Hi Ana' } });
    expect(onTyping).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hi Ana');
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('keeps Shift+Enter for a new line, sends nothing blank, and stops typing on leaving', () => {
    const { box, onSend, onStop } = setup();
    fireEvent.input(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.input(box, { target: { value: 'Line one' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.blur(box);
    expect(onStop).toHaveBeenCalled();
  });

  it('keeps the draft when sending failed', async () => {
    const { box, onSend } = setup(false);
    fireEvent.input(box, { target: { value: 'Hi Ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(box.value).toBe('Hi Ana');
  });
});
