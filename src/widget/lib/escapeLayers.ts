import { useEffect } from 'react';

/**
 * What Escape closes, innermost first (docs/behaviour.md#screens): the layers open over the chat
 * (the emoji picker, a dialog), the last opened first, and the chat window itself once none is.
 * The shell handles Escape once, wherever focus is (in a cross-origin frame focus may not have
 * reached a layer yet); a layer only says how it closes while it is open.
 */
const layers = new Set<() => void>();

/** Registers an open layer's close; the returned function unregisters it. */
export function openLayer(close: () => void): () => void {
  layers.add(close);
  return () => layers.delete(close);
}

/** Escape: closes the innermost open layer; false when none is open (then the chat closes). */
export function closeInnermostLayer(): boolean {
  const close = [...layers].pop();
  close?.();
  return !!close;
}

/** The chat window closed: no layer is left open for when it comes back. */
export function closeAllLayers(): void {
  for (const close of [...layers]) close();
}

/** Keeps a layer registered while `open`, closing with the `close` it was opened with. */
export function useEscapeLayer(open: boolean, close: () => void): void {
  useEffect(() => (open ? openLayer(close) : undefined), [open]);
}
