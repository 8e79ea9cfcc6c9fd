import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { loadChunk } from '../lib/loadChunk';

export interface ChunkErrorLabels {
  /** 'Part of the chat failed to load.' */
  failed: string;
  /** 'Try again' */
  retry: string;
}

type State<P> = { component?: ComponentType<P>; error?: unknown; attempt: number };

/**
 * A component that lives in a lazy chunk. Until the chunk arrives the `fallback` shows; if it
 * fails (time-out, network, a deploy that removed the file) the visitor sees why and can retry,
 * never a blank pane. A loaded chunk is shared by every instance.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchPart = () => (pending ??= loadChunk(load).then((component) => (loaded = component), (error) => {
    pending = undefined;
    throw error;
  }));

  function LazyPart({ fallback = null, errorLabels, ...props }: P & { fallback?: ReactNode; errorLabels: ChunkErrorLabels }) {
    const [state, setState] = useState<State<P>>({ component: loaded, attempt: 0 });
    useEffect(() => {
      if (state.component) return;
      let live = true;
      fetchPart().then(
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
    if (state.error) {
      return (
        <div className="chunk-error" role="alert">
          <span>{errorLabels.failed}</span>
          <button type="button" className="link-button" onClick={() => setState((s) => ({ attempt: s.attempt + 1 }))}>
            {errorLabels.retry}
          </button>
        </div>
      );
    }
    return <>{fallback}</>;
  }
  /** Starts fetching the chunk ahead of need (e.g. when the browser is idle). */
  LazyPart.preload = () => fetchPart().catch(() => undefined);
  return LazyPart;
}
