import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';
import { RetryNotice, type RetryNoticeLabels } from './RetryNotice';

type State<P> = { component?: ComponentType<P>; error?: unknown; attempt: number };

/**
 * A component that lives in a lazy chunk. Until the chunk arrives the `fallback` shows; if it
 * fails (time-out, network, a deploy that removed the file) the visitor sees why and can retry,
 * never a blank pane. A loaded chunk is shared by every instance. The part renders once the
 * active locale's strings are all there too: the first paint carries only its own.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = loadOnce(() => Promise.all([load(), loadAllStrings()]).then(([component]) => component));

  // biome-ignore lint/correctness/noComponentHookFactories: one component per lazy part is the point; it is made once, at module level, by each caller
  function LazyPart({ fallback = null, errorLabels, ...props }: P & { fallback?: ReactNode; errorLabels: RetryNoticeLabels }) {
    const [state, setState] = useState<State<P>>({ component: part.loaded, attempt: 0 });
    useEffect(() => {
      if (state.component) return;
      let live = true;
      part.load().then(
        (component) => live && setState((s) => ({ ...s, component, error: undefined })),
        (error) => live && setState((s) => ({ ...s, error })),
      );
      return () => {
        live = false;
      };
    }, [state.attempt]);

    if (state.component) {
      const Part = state.component;
      return <Part {...(props as P)} />;
    }
    if (state.error) return <RetryNotice labels={errorLabels} onRetry={() => setState((s) => ({ attempt: s.attempt + 1 }))} />;
    return <>{fallback}</>;
  }
  /** Starts fetching the chunk ahead of need (e.g. when the browser is idle). */
  LazyPart.preload = () => part.load().catch(() => undefined);
  return LazyPart;
}
