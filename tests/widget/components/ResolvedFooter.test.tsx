// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { ResolvedFooter } from '../../../src/widget/components/ResolvedFooter';

/** English strings, as Messages.tsx passes them from the locale. */
const labels = {
  resolved: 'This conversation has been resolved',
  startNew: 'Start a new conversation',
  requestTranscript: 'Request a conversation transcript',
  email: 'Your email address',
  send: 'Send transcript',
  success: 'The chat transcript was sent successfully',
  error: 'There was an error, please try again',
  invalidEmail: 'Please enter a valid email address',
};

/** A transcript request the test settles by hand. */
function deferred() {
  let settle!: (sent: boolean) => void;
  const promise = new Promise<boolean>((done) => (settle = done));
  return { promise, settle };
}

function setup({ hasEmail = true, sent = true }: { hasEmail?: boolean; sent?: boolean | Promise<boolean> } = {}) {
  const onStartNew = vi.fn();
  const onRequestTranscript = vi.fn((_email?: string) => (sent instanceof Promise ? sent : Promise.resolve(sent)));
  render(<ResolvedFooter labels={labels} hasEmail={hasEmail} onStartNew={onStartNew} onRequestTranscript={onRequestTranscript} />);
  const requestButton = () => screen.getByRole('button', { name: 'Request a conversation transcript' }) as HTMLButtonElement;
  return { onStartNew, onRequestTranscript, requestButton };
}

describe('the footer of a resolved conversation', () => {
  it('says the conversation is resolved', () => {
    setup();
    expect(screen.getByText('This conversation has been resolved')).toBeTruthy();
  });

  it("starts a new conversation on 'Start a new conversation'", () => {
    const { onStartNew, onRequestTranscript } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Start a new conversation' }));
    expect(onStartNew).toHaveBeenCalledTimes(1);
    expect(onRequestTranscript).not.toHaveBeenCalled();
  });

  it('offers no new conversation where the visitor may write on in this one (no onStartNew)', () => {
    render(<ResolvedFooter labels={labels} hasEmail onRequestTranscript={vi.fn()} />);
    expect(screen.getByText('This conversation has been resolved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start a new conversation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request a conversation transcript' })).toBeTruthy();
  });

  it('shows no outcome before a transcript is asked for', () => {
    setup();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('requesting the transcript when the server has the email', () => {
  it('asks for it at once, without an email address', () => {
    const { onRequestTranscript, requestButton } = setup({ hasEmail: true });
    fireEvent.click(requestButton());
    expect(onRequestTranscript).toHaveBeenCalledTimes(1);
    expect(onRequestTranscript.mock.calls[0][0]).toBeUndefined();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says the transcript was sent when the request succeeds', async () => {
    const { requestButton } = setup({ hasEmail: true, sent: true });
    fireEvent.click(requestButton());
    const outcome = await screen.findByRole('status');
    expect(outcome.textContent).toBe('The chat transcript was sent successfully');
    expect(screen.queryByText('There was an error, please try again')).toBeNull();
  });

  it('shows the error when the request fails', async () => {
    const { requestButton } = setup({ hasEmail: true, sent: false });
    fireEvent.click(requestButton());
    const outcome = await screen.findByRole('alert');
    expect(outcome.textContent).toBe('There was an error, please try again');
    expect(screen.queryByText('The chat transcript was sent successfully')).toBeNull();
  });

  it('disables the button while sending, so one click sends one transcript', async () => {
    const request = deferred();
    const { onRequestTranscript, requestButton } = setup({ hasEmail: true, sent: request.promise });
    fireEvent.click(requestButton());
    expect(requestButton().disabled).toBe(true);
    fireEvent.click(requestButton());
    expect(onRequestTranscript).toHaveBeenCalledTimes(1);
    request.settle(true);
    await screen.findByRole('status');
    expect(requestButton().disabled).toBe(false);
  });

  it('lets the visitor try again after an error', async () => {
    const { onRequestTranscript, requestButton } = setup({ hasEmail: true, sent: false });
    fireEvent.click(requestButton());
    await screen.findByRole('alert');
    onRequestTranscript.mockResolvedValueOnce(true);
    fireEvent.click(requestButton());
    expect((await screen.findByRole('status')).textContent).toBe('The chat transcript was sent successfully');
    expect(onRequestTranscript).toHaveBeenCalledTimes(2);
  });
});

describe('requesting the transcript when the server has no email', () => {
  function askForEmail(options: { sent?: boolean } = {}) {
    const context = setup({ hasEmail: false, ...options });
    fireEvent.click(context.requestButton());
    const input = screen.getByRole('textbox', { name: 'Your email address' }) as HTMLInputElement;
    const send = screen.getByRole('button', { name: 'Send transcript' }) as HTMLButtonElement;
    const submit = (email: string) => {
      fireEvent.input(input, { target: { value: email } });
      fireEvent.submit(send.form!);
    };
    return { ...context, input, send, submit };
  }

  it('asks for an email address instead of sending', () => {
    const { onRequestTranscript, input } = askForEmail();
    expect(onRequestTranscript).not.toHaveBeenCalled();
    expect(input.type).toBe('email');
    expect(screen.queryByRole('button', { name: 'Request a conversation transcript' })).toBeNull();
  });

  it('refuses an address that is not an email, and says so', () => {
    const { onRequestTranscript, input, submit } = askForEmail();
    submit('ana@example');
    expect(onRequestTranscript).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses an empty address', () => {
    const { onRequestTranscript, submit } = askForEmail();
    submit('   ');
    expect(onRequestTranscript).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
  });

  it('sends the transcript to the address typed, trimmed', async () => {
    const { onRequestTranscript, submit } = askForEmail();
    submit('  ana@example.com ');
    expect(onRequestTranscript).toHaveBeenCalledExactlyOnceWith('ana@example.com');
    expect((await screen.findByRole('status')).textContent).toBe('The chat transcript was sent successfully');
  });

  it('sends once the visitor corrects an invalid address', async () => {
    const { onRequestTranscript, input, submit } = askForEmail();
    submit('ana.example.com');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    submit('ana@example.com');
    expect(onRequestTranscript).toHaveBeenCalledExactlyOnceWith('ana@example.com');
    await screen.findByRole('status');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('shows the error when sending to the typed address fails', async () => {
    const { submit } = askForEmail({ sent: false });
    submit('ana@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('There was an error, please try again');
  });
});
