import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { nextGridIndex } from '../../lib/gridNavigation';
import type { EmojiEntry } from '../../lib/emojiCatalog';

/** Cells per row; the picker's width is sized to fit them at phone width too. */
export const EMOJI_COLUMNS = 8;

export interface EmojiGridProps {
  entries: EmojiEntry[];
  /** The id of the heading that names the grid (category or search). */
  labelledBy: string;
  /** The emoji as it will be inserted (skin tone applied). */
  display(entry: EmojiEntry): string;
  onPick(entry: EmojiEntry): void;
  /** Focus moves into the grid from outside (the search box's Arrow Down). */
  focusRequest?: number;
}

/**
 * Emoji in a WAI-ARIA grid: one tab stop (a roving tabindex), arrows, Home/End and Page Up/Down
 * move between cells, Enter or Space picks the focused one. Each cell is named by the emoji's
 * name, which is also its tooltip.
 */
export function EmojiGrid({ entries, labelledBy, display, onPick, focusRequest }: EmojiGridProps) {
  const [active, setActive] = useState(0);
  const grid = useRef<HTMLDivElement>(null);
  const current = Math.min(active, entries.length - 1);

  // A new category or search starts at its first cell.
  useEffect(() => setActive(0), [entries]);

  const focusCell = (index: number) => grid.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  useEffect(() => {
    if (focusRequest) focusCell(current);
  }, [focusRequest]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (entries[current]) onPick(entries[current]);
      return;
    }
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = nextGridIndex(event.key, current, entries.length, EMOJI_COLUMNS, { rtl, ctrl: event.ctrlKey });
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    focusCell(next);
  };

  const rows: EmojiEntry[][] = [];
  for (let i = 0; i < entries.length; i += EMOJI_COLUMNS) rows.push(entries.slice(i, i + EMOJI_COLUMNS));

  return (
    <div ref={grid} role="grid" aria-labelledby={labelledBy} className="emoji-grid" onKeyDown={onKeyDown}>
      {rows.map((row, r) => (
        <div role="row" key={r} className="emoji-grid__row">
          {row.map((entry, c) => {
            const index = r * EMOJI_COLUMNS + c;
            return (
              <div
                key={entry.emoji}
                role="gridcell"
                data-index={index}
                className="emoji-grid__cell"
                tabIndex={index === current ? 0 : -1}
                aria-label={entry.name}
                title={entry.name}
                onClick={() => onPick(entry)}
                onFocus={() => setActive(index)}
              >
                {display(entry)}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
