// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { CsatMessage } from '../../../../src/widget/components/messages/CsatMessage';
import { LABELS } from './fixtures';

const NAMES = ['poor', 'fair', 'average', 'good', 'excellent'];

function setup(props: Partial<Parameters<typeof CsatMessage>[0]> = {}) {
  const onSubmit = vi.fn();
  const utils = render(<CsatMessage labels={LABELS} onSubmit={onSubmit} {...props} />);
  return { onSubmit, ...utils };
}

describe('a CSAT survey', () => {
  it("asks 'Rate your conversation' with five ratings named poor to excellent", () => {
    setup();
    expect(screen.getByRole('status').textContent).toBe('Rate your conversation');
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    for (const name of NAMES) expect(screen.getByRole('radio', { name })).toBeTruthy();
  });

  it('shows the five emoji, each in its own colour class', () => {
    const { container } = setup();
    expect([...container.querySelectorAll('.csat__rating span[aria-hidden]')].map((s) => s.textContent).join('')).toBe('😞😑😐😀😍');
    expect(container.querySelector('.csat__rating--5')).toBeTruthy();
  });

  it("shows 'Tell us more...' and Submit only after a rating is chosen", () => {
    setup();
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'good' }));
    expect((screen.getByRole('radio', { name: 'good' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Tell us more...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });

  it('submits the rating and the trimmed feedback', () => {
    const { onSubmit } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'excellent' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Tell us more...' }), { target: { value: '  Quick and kind ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ rating: 5, feedback_message: 'Quick and kind' });
  });

  it('submits a rating without feedback', () => {
    const { onSubmit } = setup();
    fireEvent.click(screen.getByRole('radio', { name: 'poor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ rating: 1, feedback_message: '' });
  });

  it('tells each rating chosen, for the parent to keep, and that none is left to keep once Submit sends it', () => {
    const onChoose = vi.fn();
    const { onSubmit } = setup({ onChoose });
    fireEvent.click(screen.getByRole('radio', { name: 'fair' }));
    fireEvent.click(screen.getByRole('radio', { name: 'good' }));
    expect(onChoose.mock.calls).toEqual([[2], [4]]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ rating: 4, feedback_message: '' });
    expect(onChoose.mock.calls).toEqual([[2], [4], []]);
  });

  it('shows a rating chosen earlier and not sent as chosen, with the comment box, and submits it', () => {
    const { onSubmit } = setup({ chosen: 3 });
    expect((screen.getByRole('radio', { name: 'average' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Rate your conversation');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ rating: 3, feedback_message: '' });
  });

  it("shows 'Thank you for submitting the rating' with the stored rating, and nothing to change", () => {
    setup({ submitted: { rating: 4, feedback_message: 'ok' } });
    expect(screen.getByRole('status').textContent).toBe('Thank you for submitting the rating');
    expect((screen.getByRole('radio', { name: 'good' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).disabled)).toBe(true);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows five stars for the star display, lit up to the rating', () => {
    const { container } = setup({ displayType: 'star', submitted: { rating: 3, feedback_message: '' } });
    expect([...container.querySelectorAll('.csat__rating span[aria-hidden]')].map((s) => s.textContent).join('')).toBe('★★★★★');
    expect(container.querySelectorAll('.csat__rating--lit')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: 'average' })).toBeTruthy();
  });
});
