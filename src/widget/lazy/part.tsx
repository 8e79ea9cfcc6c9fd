import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { RetryNotice } from '../components/RetryNotice';
import { chunkFailure } from '../i18n/chunkFailure';
import type { LoadOnce } from '../lib/loadOnce';

type State<P> = { component?: ComponentType<P>; error?: unknown };

/**
 * A component that lives in a lazy chunk: `pick` takes it from the chunk's code, which `chunk` (a
 * loader of `chunks/`) fetches, with the active locale's strings all there for a part that shows
 * text. Until the chunk arrives the `fallback` shows; if it fails (time-out, network, a deploy that
 * removed the file, its stylesheet with it) the visitor reads why in its place and can retry, never
 * a blank pane (`i18n/chunkFailure.ts`). A loaded chunk is shared by every instance and every part
 * taken from it.
 */
export function lazyPart<C, P extends object>(chunk: LoadOnce<C>, pick: (code: C) => ComponentType<P>) {
  // biome-ignore lint/correctness/noComponentHookFactories: one component per lazy part is the point; it is made once, at module level, by each caller
  function LazyPart({ fallback = null, ...props }: P & { fallback?: ReactNode }) {
    const [state, setState] = useState<State<P>>(() => ({ component: chunk.loaded && pick(chunk.loaded) }));
    // Runs again on a retry, which empties the state.
    useEffect(() => {
      if (state.component || state.error) return;
      let live = true;
      chunk.load().then(
        (code) => live && setState({ component: pick(code) }),
        (error) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state]);

    const Part = state.component;
    if (Part) return <Part {...(props as P)} />;
    if (state.error) return <RetryNotice labels={chunkFailure()} onRetry={() => setState({})} />;
    return <>{fallback}</>;
  }
  /** Starts fetching the chunk ahead of need (e.g. when the browser is idle). */
  LazyPart.preload = () => chunk.load().catch(() => undefined);
  return LazyPart;
}
