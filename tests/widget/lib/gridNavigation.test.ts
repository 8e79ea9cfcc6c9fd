import { nextGridIndex } from '../../../src/widget/lib/gridNavigation';

// 19 cells, 8 wide: rows 0-7, 8-15, 16-18.
const move = (key: string, index: number, options?: { rtl?: boolean; ctrl?: boolean }) => nextGridIndex(key, index, 19, 8, options);

describe('moving through the emoji grid', () => {
  it('moves one cell with the arrows, stopping at the ends', () => {
    expect(move('ArrowRight', 3)).toBe(4);
    expect(move('ArrowLeft', 3)).toBe(2);
    expect(move('ArrowLeft', 0)).toBe(0);
    expect(move('ArrowRight', 18)).toBe(18);
  });

  it("wraps from a row's end to the next row's start", () => {
    expect(move('ArrowRight', 7)).toBe(8);
  });

  it('swaps left and right in a right-to-left layout', () => {
    expect(move('ArrowLeft', 3, { rtl: true })).toBe(4);
    expect(move('ArrowRight', 3, { rtl: true })).toBe(2);
  });

  it('moves a row up or down, staying put where there is no cell', () => {
    expect(move('ArrowDown', 2)).toBe(10);
    expect(move('ArrowDown', 12)).toBe(12);
    expect(move('ArrowUp', 10)).toBe(2);
    expect(move('ArrowUp', 2)).toBe(2);
  });

  it("goes to the row's ends with Home and End, and the grid's with Ctrl", () => {
    expect(move('Home', 11)).toBe(8);
    expect(move('End', 11)).toBe(15);
    expect(move('End', 16)).toBe(18);
    expect(move('Home', 11, { ctrl: true })).toBe(0);
    expect(move('End', 3, { ctrl: true })).toBe(18);
  });

  it('jumps five rows with Page Up and Page Down', () => {
    expect(nextGridIndex('PageDown', 1, 100, 8)).toBe(41);
    expect(nextGridIndex('PageUp', 41, 100, 8)).toBe(1);
    expect(move('PageDown', 1)).toBe(18);
  });

  it('leaves other keys to the browser', () => {
    expect(move('a', 3)).toBeUndefined();
    expect(move('Tab', 3)).toBeUndefined();
  });
});
