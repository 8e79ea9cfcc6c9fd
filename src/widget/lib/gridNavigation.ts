/**
 * Where focus goes in a grid of `count` cells laid out `columns` wide when a key is pressed
 * (the WAI-ARIA grid pattern): arrows move one cell (left and right swap in right-to-left
 * layouts), Home/End go to the row's ends, Ctrl+Home/End to the first/last cell, Page Up/Down
 * five rows. Undefined for a key the grid does not handle.
 */
export function nextGridIndex(
  key: string,
  index: number,
  count: number,
  columns: number,
  { rtl = false, ctrl = false }: { rtl?: boolean; ctrl?: boolean } = {},
): number | undefined {
  const rowStart = index - (index % columns);
  const clamp = (target: number) => Math.max(0, Math.min(count - 1, target));
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  switch (key) {
    case forward:
      return clamp(index + 1);
    case backward:
      return clamp(index - 1);
    case 'ArrowDown':
      return index + columns < count ? index + columns : index;
    case 'ArrowUp':
      return index - columns >= 0 ? index - columns : index;
    case 'Home':
      return ctrl ? 0 : rowStart;
    case 'End':
      return ctrl ? count - 1 : clamp(rowStart + columns - 1);
    case 'PageDown':
      return clamp(index + columns * 5);
    case 'PageUp':
      return clamp(index - columns * 5);
    default:
      return undefined;
  }
}
