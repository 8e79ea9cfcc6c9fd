// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Composer } from '../../../src/widget/components/Composer';
import { closeAllLayers, closeInnermostLayer } from '../../../src/widget/lib/escapeLayers';

const labels = {
  placeholder: 'Type your message',
  send: 'Send message',
  attach: 'Add an attachment',
  limit: (left: number) => (left < 0 ? `Too long by ${-left}` : `${left} left`),
};

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

  it('says nothing of the limit far from it', () => {
    const { input, type } = setup(1_000);
    type('a'.repeat(499));
    expect(document.querySelector('.composer__limit')).toBeNull();
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('says what is left of the limit within 500 characters of it, as the box’s description', () => {
    const { input, send, type } = setup(1_000);
    type('a'.repeat(500));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('500 left');
    type('a'.repeat(1_000));
    expect(screen.getByText('0 left')).toBeTruthy();
    expect(send.disabled).toBe(false);
    expect(screen.getByText('0 left').getAttribute('aria-live')).toBeNull();
  });

  it('keeps everything past the limit, says by how much, and does not send it', () => {
    const { input, send, type, onSend } = setup(1_000);
    type('a'.repeat(1_025));
    expect(input.value).toHaveLength(1_025);
    expect(input.hasAttribute('maxlength')).toBe(false);
    const over = screen.getByText('Too long by 25');
    expect(over.getAttribute('aria-live')).toBe('polite');
    expect(input.getAttribute('aria-describedby')).toBe(over.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toHaveLength(1_025);
    // Trimmed back to the limit, it sends.
    type('a'.repeat(1_000));
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
  });

  it('keeps a whole text the site puts in the box past the limit (showNewMessage)', () => {
    render(<Composer maxLength={10} labels={labels} onSend={vi.fn()} draft={{ text: 'Tell me more about plan X' }} />);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Tell me more about plan X');
    expect(screen.getByText('Too long by 15')).toBeTruthy();
  });
});

describe('a send that waits (the code that sends is still on its way)', () => {
  /** The composer with an `onSend` whose promise the test settles, and emoji allowed. */
  function waitingSetup() {
    let settle!: { sent(): void; failed(): void };
    const onSend = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          settle = { sent: resolve, failed: () => reject(new Error('chunk failed')) };
        }),
    );
    render(
      <Composer maxLength={100} labels={labels} onSend={onSend} emoji={{ label: 'Insert an emoji', picker: () => <p>Emoji picker</p> }} />,
    );
    const input = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    const emoji = screen.getByRole('button', { name: 'Insert an emoji' }) as HTMLButtonElement;
    fireEvent.input(input, { target: { value: 'Do you ship to Norway?' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    return { onSend, input, send, emoji, settle: () => settle };
  }

  it('keeps the text in the box, unchangeable, and sends nothing more until it is done', () => {
    const { onSend, input, send, emoji } = waitingSetup();
    expect(input.value).toBe('Do you ship to Norway?');
    expect(input.readOnly).toBe(true);
    expect(send.disabled).toBe(true);
    expect(emoji.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(send.form!);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Do you ship to Norway?');
  });

  it('clears the box once the send has gone', async () => {
    const { input, send, settle } = waitingSetup();
    await act(async () => settle().sent());
    expect(input.value).toBe('');
    expect(input.readOnly).toBe(false);
    expect(send.disabled).toBe(true);
  });

  it('leaves the text for the visitor to send again when the send failed', async () => {
    const { onSend, input, send, emoji, settle } = waitingSetup();
    await act(async () => settle().failed());
    expect(input.value).toBe('Do you ship to Norway?');
    expect(input.readOnly).toBe(false);
    expect(emoji.disabled).toBe(false);
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(onSend).toHaveBeenLastCalledWith('Do you ship to Norway?');
  });
});

describe('attaching files', () => {
  const pdf = () => new File(['%PDF-1.7'], 'invoice.pdf', { type: 'application/pdf' });
  const png = () => new File(['png'], 'screenshot.png', { type: 'image/png' });

  function setupWithAttachments() {
    const onFiles = vi.fn();
    const { container } = render(
      <Composer maxLength={10_000} labels={labels} onSend={vi.fn()} attachments={{ accept: 'image/*,application/pdf', onFiles }} />,
    );
    const picker = container.querySelector('input[type="file"]') as HTMLInputElement;
    const input = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
    /** What the browser does when the visitor picks files in the dialog. */
    const choose = (files: File[]) => {
      Object.defineProperty(picker, 'files', { value: files, configurable: true });
      fireEvent.change(picker);
    };
    const paste = (files: File[], text = '') => fireEvent.paste(input, { clipboardData: { files, getData: () => text } });
    return { onFiles, picker, input, choose, paste };
  }

  it('offers no attach button or file picker unless attachments are allowed', () => {
    const { container } = render(<Composer maxLength={10_000} labels={labels} onSend={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Add an attachment' })).toBeNull();
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });

  it('keeps the file picker hidden, accepting several files of the allowed types', () => {
    const { picker } = setupWithAttachments();
    expect(picker.hidden).toBe(true);
    expect(picker.multiple).toBe(true);
    expect(picker.accept).toBe('image/*,application/pdf');
  });

  it('opens the file picker from the attach button', () => {
    const { picker } = setupWithAttachments();
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    const attach = screen.getByRole('button', { name: 'Add an attachment' });
    expect(attach.getAttribute('type')).toBe('button');
    fireEvent.click(attach);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('passes the chosen files on', () => {
    const { onFiles, choose } = setupWithAttachments();
    const files = [pdf(), png()];
    choose(files);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith(files);
  });

  it('does nothing when the picker closes without a file', () => {
    const { onFiles, choose } = setupWithAttachments();
    choose([]);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('passes pasted files on and keeps them out of the message box', () => {
    const { onFiles, input, paste } = setupWithAttachments();
    const file = png();
    const notPrevented = paste([file]);
    expect(notPrevented).toBe(false);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(input.value).toBe('');
  });

  it('leaves a paste of plain text to the message box', () => {
    const { onFiles, paste } = setupWithAttachments();
    expect(paste([], 'Hello')).toBe(true);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('leaves a paste of files alone when attachments are not allowed', () => {
    render(<Composer maxLength={10_000} labels={labels} onSend={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Type your message' });
    expect(fireEvent.paste(input, { clipboardData: { files: [png()] } })).toBe(true);
  });
});

describe('what the composer reports while the visitor types', () => {
  function setupWithReports() {
    const onInput = vi.fn();
    const onBlur = vi.fn();
    render(<Composer maxLength={10_000} labels={labels} onSend={vi.fn()} onInput={onInput} onBlur={onBlur} />);
    const input = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
    const type = (text: string) => fireEvent.input(input, { target: { value: text } });
    return { onInput, onBlur, input, type };
  }

  it('reports every edit with the text in the box', () => {
    const { onInput, type } = setupWithReports();
    type('H');
    type('He');
    type('Hey');
    expect(onInput.mock.calls).toEqual([['H'], ['He'], ['Hey']]);
  });

  it('reports the box being emptied', () => {
    const { onInput, type } = setupWithReports();
    type('Hey');
    type('');
    expect(onInput).toHaveBeenLastCalledWith('');
  });

  it('reports leaving the box', () => {
    const { onBlur, input } = setupWithReports();
    fireEvent.blur(input);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('reports nothing on focus alone', () => {
    const { onInput, onBlur, input } = setupWithReports();
    fireEvent.focus(input);
    expect(onInput).not.toHaveBeenCalled();
    expect(onBlur).not.toHaveBeenCalled();
  });
});

describe("the composer's emoji button", () => {
  function setupWithEmoji() {
    let insert: (emoji: string) => void = () => undefined;
    const picker = vi.fn((i: (emoji: string) => void) => {
      insert = i;
      return <div role="dialog" aria-label="Insert emoji" />;
    });
    render(<Composer maxLength={20} labels={labels} onSend={vi.fn()} emoji={{ label: 'Insert emoji', picker }} />);
    const input = screen.getByRole('textbox', { name: 'Type your message' }) as HTMLTextAreaElement;
    const button = screen.getByRole('button', { name: 'Insert emoji' });
    return { input, button, picker, insert: (e: string) => insert(e) };
  }

  it('opens the picker only when pressed, and says so', () => {
    const { button, picker } = setupWithEmoji();
    expect(picker).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(screen.getByRole('dialog', { name: 'Insert emoji' })).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('inserts the emoji at the caret, closes the picker and gives the box focus with the caret after it', async () => {
    const { input, button, insert } = setupWithEmoji();
    fireEvent.input(input, { target: { value: 'Hi there' } });
    input.setSelectionRange(2, 2);
    fireEvent.click(button);
    insert('👋');
    await vi.waitFor(() => expect(input.value).toBe('Hi👋 there'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(4);
  });

  it('is the innermost layer Escape closes, and gives its button focus back', () => {
    const { button } = setupWithEmoji();
    fireEvent.click(button);
    // What the shell does on Escape (views/App.tsx).
    act(() => expect(closeInnermostLayer()).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Closed, it is no layer: the next Escape is the chat's.
    expect(closeInnermostLayer()).toBe(false);
  });

  it('closes with the chat window, leaving focus where it is when the frame has none', () => {
    const { button, input } = setupWithEmoji();
    fireEvent.click(button);
    input.focus();
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    try {
      act(() => closeAllLayers());
    } finally {
      hasFocus.mockRestore();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('closes when focus moves to a control outside the composer, which it would hide, and stays open for focus within it', async () => {
    render(<button type="button">Reply</button>);
    const { button, input } = setupWithEmoji();
    const elsewhere = screen.getByRole('button', { name: 'Reply' });
    fireEvent.click(button);
    // Focus moving inside the composer keeps it open.
    fireEvent.focusIn(input);
    expect(screen.getByRole('dialog', { name: 'Insert emoji' })).toBeTruthy();
    // Tab out, or focus coming back into the frame elsewhere than the composer, closes it.
    fireEvent.focusIn(elsewhere);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps an emoji inserted past the limit, which the box then says it is over', async () => {
    const { input, button, insert } = setupWithEmoji();
    fireEvent.input(input, { target: { value: 'a'.repeat(20) } });
    fireEvent.click(button);
    insert('👋');
    await vi.waitFor(() => expect(input.value).toBe(`${'a'.repeat(20)}👋`));
    expect(screen.getByText('Too long by 2')).toBeTruthy();
  });

  it('has no button when the picker is not allowed', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Insert emoji' })).toBeNull();
  });
});
