// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { EmojiGrid } from '../../../../src/widget/components/emoji/EmojiGrid';

const entries = Array.from({ length: 11 }, (_, i) => ({ emoji: String.fromCodePoint(0x1f600 + i), name: `face ${i}`, skinnable: false }));

function setup() {
  const onPick = vi.fn();
  render(
    <>
      <h2 id="heading">Smileys</h2>
      <EmojiGrid entries={entries} labelledBy="heading" display={(e) => e.emoji} onPick={onPick} />
    </>,
  );
  const cell = (name: string) => screen.getByRole('gridcell', { name });
  return { onPick, cell };
}

describe('the emoji grid', () => {
  it('is a named grid of rows eight cells wide, each cell named after its emoji', () => {
    setup();
    const grid = screen.getByRole('grid', { name: 'Smileys' });
    expect(grid.querySelectorAll('[role="row"]')).toHaveLength(2);
    expect(screen.getAllByRole('gridcell')).toHaveLength(11);
    expect(screen.getByRole('gridcell', { name: 'face 0' }).textContent).toBe('😀');
  });

  it('has one tab stop that follows the arrow keys', () => {
    const { cell } = setup();
    expect(cell('face 0').tabIndex).toBe(0);
    expect(cell('face 1').tabIndex).toBe(-1);
    cell('face 0').focus();
    fireEvent.keyDown(cell('face 0'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(cell('face 8'));
    expect(cell('face 8').tabIndex).toBe(0);
    fireEvent.keyDown(cell('face 8'), { key: 'End' });
    expect(document.activeElement).toBe(cell('face 10'));
    fireEvent.keyDown(cell('face 10'), { key: 'Home', ctrlKey: true });
    expect(document.activeElement).toBe(cell('face 0'));
  });

  it('picks the focused emoji with Enter or Space, and on click', () => {
    const { onPick, cell } = setup();
    fireEvent.keyDown(cell('face 0'), { key: 'ArrowRight' });
    fireEvent.keyDown(cell('face 1'), { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(entries[1]);
    fireEvent.keyDown(cell('face 1'), { key: ' ' });
    expect(onPick).toHaveBeenCalledTimes(2);
    fireEvent.click(cell('face 5'));
    expect(onPick).toHaveBeenLastCalledWith(entries[5]);
  });
});
