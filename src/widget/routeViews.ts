import { lazyPart } from './components/LazyPart';
import { realtimeChunk } from './realtime/realtimeChunk';
import type { RoutePath } from './router';

/** A route's view: a component in its own chunk, with the retry the chunk failure shows. */
export type RouteView = ReturnType<typeof lazyPart<object>>;

/**
 * Route → lazily loaded view. Home is not here: it is the first paint, in the entry itself.
 * A route shipped before its view would name a place to go meanwhile in the router's table
 * (`ROUTE_TABLE[path].until`).
 */
export const ROUTE_VIEWS: Partial<Record<RoutePath, RouteView>> = {
  // With the realtime chunk, which carries the conversation's flow (state/conversationFlow.ts).
  '/messages': lazyPart(() => Promise.all([import('./views/Messages'), realtimeChunk.load()]).then(([m]) => m.Messages)),
  '/prechat-form': lazyPart(() => import('./views/PreChat').then((m) => m.PreChat)),
  // The two prompts share a chunk (prompts.ts).
  '/unread-messages': lazyPart(() => import('./views/prompts').then((m) => m.UnreadMessages)),
  '/campaigns': lazyPart(() => import('./views/prompts').then((m) => m.Campaigns)),
  '/article': lazyPart(() => import('./chunks/helpCentre').then((m) => m.ArticleViewer)),
};
