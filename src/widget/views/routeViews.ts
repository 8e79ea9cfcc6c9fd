import { lazyPart } from '../components/LazyPart';
import { allStrings } from '../i18n';
import type { RoutePath } from '../router';

/** A route's view: a component in its own chunk, with the retry the chunk failure shows. */
export type RouteView = ReturnType<typeof lazyPart<object>>;

/**
 * Route → lazily loaded view. Home is not here: it is the first paint, in the entry itself.
 * The pre-chat form and the article viewer have no view yet; the router's table sends their
 * routes elsewhere until they ship (`ROUTE_TABLE[path].until`).
 */
// A view renders once its chunk and every string of the locale are there (the first paint has only its own).
const view = <P extends object>(load: () => Promise<import('react').ComponentType<P>>) =>
  lazyPart(() => Promise.all([load(), allStrings()]).then(([component]) => component));

export const ROUTE_VIEWS: Partial<Record<RoutePath, RouteView>> = {
  '/messages': view(() => import('./Messages').then((m) => m.Messages)),
  '/unread-messages': view(() => import('./UnreadMessages').then((m) => m.UnreadMessages)),
  '/campaigns': view(() => import('./Campaigns').then((m) => m.Campaigns)),
};
