import { lazyPart } from '../components/LazyPart';
import type { RoutePath } from '../router';

/** A route's view: a component in its own chunk, with the retry the chunk failure shows. */
export type RouteView = ReturnType<typeof lazyPart<object>>;

/**
 * Route → lazily loaded view. Home is not here: it is the first paint, in the entry itself.
 * The pre-chat form and the article viewer have no view yet; the router's table sends their
 * routes elsewhere until they ship (`ROUTE_TABLE[path].until`).
 */
export const ROUTE_VIEWS: Partial<Record<RoutePath, RouteView>> = {
  // The composer is a chunk of its own (with it the view would pass its 8 KB budget): both are
  // requested at once, so opening the conversation still takes one round trip.
  '/messages': lazyPart(() => {
    import('../components/Composer').catch(() => undefined);
    return import('./Messages').then((m) => m.Messages);
  }),
  '/unread-messages': lazyPart(() => import('./UnreadMessages').then((m) => m.UnreadMessages)),
  '/campaigns': lazyPart(() => import('./Campaigns').then((m) => m.Campaigns)),
};
