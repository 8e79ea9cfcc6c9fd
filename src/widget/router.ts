import { computed, signal } from '@preact/signals-react';

/** The widget's routes (docs/behaviour.md#screens); routing uses the address hash. */
export type RoutePath = '/' | '/messages' | '/prechat-form' | '/article' | '/unread-messages' | '/campaigns';

/** How the shell frames a route. */
export interface RouteFrame {
  /** A prompt shown in the launcher's shrunken frame, without the shell (unread, campaign). */
  compact?: true;
  /** The header offers a way back home. */
  back?: true;
  /** The branding footer is left out. */
  noBranding?: true;
  /** The route's view has not shipped yet: the visitor is sent here instead of a blank or wrong screen. */
  until?: RoutePath;
}

/** Every route and its frame, the one place that says which routes are compact. */
export const ROUTE_TABLE: Record<RoutePath, RouteFrame> = {
  '/': {},
  '/messages': { back: true },
  '/prechat-form': { back: true },
  '/article': { back: true, noBranding: true },
  '/unread-messages': { compact: true },
  '/campaigns': { compact: true },
};

/** Is this one of the launcher's compact prompts? */
export const isCompactRoute = (path: RoutePath) => !!ROUTE_TABLE[path].compact;

function parse(hash: string): { path: RoutePath; query: URLSearchParams } {
  const [asked, query = ''] = hash.replace(/^#/, '').split('?');
  const path = Object.hasOwn(ROUTE_TABLE, asked) ? (asked as RoutePath) : '/';
  return { path: ROUTE_TABLE[path].until ?? path, query: new URLSearchParams(query) };
}

/** A tiny hash router: the current route as a signal, and `navigate`. */
export function createRouter(win: Window = window) {
  const location = signal(parse(win.location.hash));
  win.addEventListener('hashchange', () => (location.value = parse(win.location.hash)));
  return {
    path: computed(() => location.value.path),
    query: computed(() => location.value.query),
    navigate(to: RoutePath, query?: Record<string, string>) {
      const next = `#${ROUTE_TABLE[to].until ?? to}${query ? `?${new URLSearchParams(query)}` : ''}`;
      if (win.location.hash !== next) win.location.hash = next;
      location.value = parse(next);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
