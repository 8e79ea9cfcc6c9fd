import { computed, signal } from '@preact/signals-react';

/** The widget's routes (SPEC.md §2); routing uses the address hash. */
export const ROUTES = {
  home: '/',
  messages: '/messages',
  prechatForm: '/prechat-form',
  articleViewer: '/article',
  unreadMessages: '/unread-messages',
  campaigns: '/campaigns',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];
const KNOWN = new Set<string>(Object.values(ROUTES));

function parse(hash: string): { path: RoutePath; query: URLSearchParams } {
  const [path, query = ''] = hash.replace(/^#/, '').split('?');
  return { path: KNOWN.has(path) ? (path as RoutePath) : ROUTES.home, query: new URLSearchParams(query) };
}

/** A tiny hash router: the current route as a signal, and `navigate`. */
export function createRouter(win: Window = window) {
  const location = signal(parse(win.location.hash));
  win.addEventListener('hashchange', () => (location.value = parse(win.location.hash)));
  return {
    path: computed(() => location.value.path),
    query: computed(() => location.value.query),
    navigate(path: RoutePath, query?: Record<string, string>) {
      const next = `#${path}${query ? `?${new URLSearchParams(query)}` : ''}`;
      if (win.location.hash !== next) win.location.hash = next;
      location.value = parse(next);
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
