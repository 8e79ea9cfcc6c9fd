import { holdWren, type WrenHandle, type WrenOptions } from 'wren-chat';

/** The part of React's (or Preact's) API the components use. */
export interface ComponentLibrary {
  createContext<T>(value: T): { Provider: unknown };
  useContext<T>(context: { Provider: unknown }): T;
  useEffect(effect: () => () => void, deps: unknown[]): void;
  useState<T>(initial: T): [T, (value: T) => void];
  createElement(type: unknown, props: object, children?: unknown): unknown;
}

/**
 * `<WrenChat … />` and `useWren()` on a component library: the widget lives while the component
 * is mounted (`holdWren`), and renders nothing of its own (the launcher sits outside the app's
 * tree), so server rendering and hydration see only the children.
 */
export function wrenComponents(library: ComponentLibrary) {
  // undefined: no <WrenChat> above; null: not mounted yet (and always on the server).
  const WrenContext = library.createContext<WrenHandle | null | undefined>(undefined);

  // biome-ignore lint/correctness/noComponentHookFactories: made once per adapter module, at import, never during a render
  function WrenChat({ children, ...options }: WrenOptions & { children?: unknown }) {
    const [handle, setHandle] = library.useState<WrenHandle | null>(null);
    const key = JSON.stringify(options);
    library.useEffect(() => {
      const hold = holdWren(JSON.parse(key));
      setHandle(hold.handle);
      return hold.release;
    }, [key]);
    return library.createElement(WrenContext.Provider, { value: handle }, children);
  }

  /** The handle of the `<WrenChat>` around the caller: null until it has mounted, and on the server. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per adapter module, at import, never during a render
  function useWren(): WrenHandle | null {
    const handle = library.useContext<WrenHandle | null | undefined>(WrenContext);
    if (handle === undefined) throw Error('Wren: useWren() needs a <WrenChat> around it');
    return handle;
  }

  return { WrenChat, useWren };
}
