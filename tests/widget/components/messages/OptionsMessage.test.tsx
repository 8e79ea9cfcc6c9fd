// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { OptionsMessage } from '../../../../src/widget/components/messages/OptionsMessage';
import { settle } from './fixtures';

const OPTIONS = [
  { title: 'Sales', value: 'sales' },
  { title: 'Support', value: 'support' },
];

describe('an options message', () => {
  it('shows one button per option', () => {
    render(<OptionsMessage options={OPTIONS} onSelect={() => undefined} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Sales', 'Support']);
  });

  it('calls onSelect with the title and value of the chosen option', () => {
    const onSelect = vi.fn();
    render(<OptionsMessage options={OPTIONS} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Support' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith({ title: 'Support', value: 'support' });
  });

  it('disables the options while the choice is stored, and re-enables them if that fails', async () => {
    let settleChoice!: (ok: boolean) => void;
    const onSelect = vi.fn(() => new Promise<boolean>((resolve) => (settleChoice = resolve)));
    render(<OptionsMessage options={OPTIONS} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: 'Sales' }));
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await act(async () => {
      settleChoice(false);
      await settle();
    });
    expect(screen.getAllByRole('button').every((b) => !(b as HTMLButtonElement).disabled)).toBe(true);
  });

  it('after submission shows only the chosen option and no buttons', () => {
    render(<OptionsMessage options={OPTIONS} submitted={[{ title: 'Support', value: 'support' }]} onSelect={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Support')).toBeTruthy();
    expect(screen.queryByText('Sales')).toBeNull();
  });
});
