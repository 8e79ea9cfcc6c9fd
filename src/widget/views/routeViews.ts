import { lazyPart } from '../components/LazyPart';
import type { RoutePath } from '../router';

/** A route's view: a component in its own chunk, with the retry the chunk failure shows. */
export type RouteView = ReturnType<typeof lazyPart<object>>;

/**
 * Route → lazily loaded view. Home is not here: it is the first paint, in the entry itself.
 * A route shipped before its view would name a place to go meanwhile in the router's table
 * (`ROUTE_TABLE[path].until`).
 */
export const ROUTE_VIEWS: Partial<Record<RoutePath, RouteView>> = {
  '/messages': lazyPart(() => import('./Messages').then((m) => m.Messages)),
  '/prechat-form': lazyPart(() => import('./PreChat').then((m) => m.PreChat)),
  '/unread-messages': lazyPart(() => import('./UnreadMessages').then((m) => m.UnreadMessages)),
  '/campaigns': lazyPart(() => import('./Campaigns').then((m) => m.Campaigns)),
  '/article': lazyPart(() => import('./ArticleViewer').then((m) => m.ArticleViewer)),
};
