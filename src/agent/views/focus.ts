import { type RefObject, useEffect } from 'react';

/**
 * Whether keyboard focus was lost: on a phone the console shows one pane at a time, so the
 * control that changed panes (a conversation in the list, Back, Contact details) is hidden the
 * moment it is used, and focus would fall back to the page.
 */
export function focusLost(): boolean {
  const active = document.activeElement as HTMLElement | null;
  return !active || active === document.body || active.offsetParent === null;
}

/** After each change of `deps`, moves focus to `target` if focus was lost. */
export function useFocusWhenLost(target: RefObject<HTMLElement | null>, deps: unknown[]): void {
  useEffect(() => {
    if (target.current && focusLost()) target.current.focus();
  }, deps);
}
