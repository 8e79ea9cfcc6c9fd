// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { EmailInputMessage } from '../../../../src/widget/components/messages/EmailInputMessage';
import { LABELS } from './fixtures';

function setup(submittedEmail?: string) {
  const onSubmit = vi.fn();
  render(<EmailInputMessage submittedEmail={submittedEmail} labels={LABELS} onSubmit={onSubmit} />);
  return { onSubmit, input: screen.queryByRole('textbox', { name: 'Please enter your email' }) as HTMLInputElement };
}

describe('an e-mail capture message', () => {
  it('has a named e-mail field and a Submit button', () => {
    const { input } = setup();
    expect(input.type).toBe('email');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('asks in a label over the field, which wraps, never in a placeholder a narrow bubble cuts', () => {
    const { input } = setup();
    expect(input.labels?.[0]?.textContent).toBe('Please enter your email');
    expect(input.hasAttribute('placeholder')).toBe(false);
    // An address reads left to right in every widget.
    expect(input.getAttribute('dir')).toBe('ltr');
  });

  it.each(['', 'jane', 'jane@', 'jane@example', 'ja ne@example.com'])("says 'Please enter a valid email address' for %j", (value) => {
    const { onSubmit, input } = setup();
    fireEvent.input(input, { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid address, trimmed', () => {
    const { onSubmit, input } = setup();
    fireEvent.input(input, { target: { value: ' jane@example.com ' } });
    fireEvent.submit(input.form!);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('jane@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the submitted e-mail instead of the field', () => {
    const { input } = setup('jane@example.com');
    expect(input).toBeNull();
    expect(screen.getByText('jane@example.com')).toBeTruthy();
  });
});
