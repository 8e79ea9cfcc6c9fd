import { helpCentreChunk } from './chunks/helpCentre';
import { messagesChunk } from './chunks/messages';
import { preChatChunk } from './chunks/preChat';
import { promptsChunk } from './chunks/prompts';
import { lazyPart } from './lazy/part';
import type { RoutePath } from './router';

/** A route's view: a component in its own chunk, with the retry the chunk failure shows. */
export type RouteView = ReturnType<typeof lazyPart<unknown, object>>;

/**
 * Route → lazily loaded view. Home is not here: it is the first paint, in the entry itself.
 * A route shipped before its view would name a place to go meanwhile in the router's table
 * (`ROUTE_TABLE[path].until`).
 */
export const ROUTE_VIEWS: Partial<Record<RoutePath, RouteView>> = {
  '/messages': lazyPart(messagesChunk, (m) => m.Messages),
  '/prechat-form': lazyPart(preChatChunk, (m) => m.PreChat),
  '/unread-messages': lazyPart(promptsChunk, (m) => m.UnreadMessages),
  '/campaigns': lazyPart(promptsChunk, (m) => m.Campaigns),
  '/article': lazyPart(helpCentreChunk, (m) => m.ArticleViewer),
};
