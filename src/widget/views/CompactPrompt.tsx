import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useWidget } from '../widgetContext';

/** The compact frame is this much taller than its content (docs/behaviour.md#screens: 48 px plus content). */
export const COMPACT_EXTRA_HEIGHT = 48;

/**
 * The frame of the two standalone prompts (unread messages, campaign) that float above the
 * launcher while the chat window is closed. It tells the host how tall to make the iframe,
 * and gives the full height back when it goes away.
 */
export function CompactPrompt({ label, children, actions }: { label: string; children: ReactNode; actions: ReactNode }) {
  const { bridge } = useWidget();
  const content = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const el = content.current;
    if (!el) return undefined;
    const report = () => bridge.send('updateIframeHeight', { isFixedHeight: true, extraHeight: COMPACT_EXTRA_HEIGHT + el.scrollHeight });
    report();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(report) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      bridge.send('updateIframeHeight', { isFixedHeight: false });
    };
  }, []);

  return (
    <section className="compact" aria-label={label}>
      <div className="compact__content" ref={content}>
        <div className="compact__messages">{children}</div>
        <div className="compact__actions">{actions}</div>
      </div>
    </section>
  );
}
