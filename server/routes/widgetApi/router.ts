/**
 * The widget HTTP API, `/api/v1/widget/*` (docs/protocol.md#widget-api). Every route needs a known
 * `website_token`; most also the visitor's `X-Auth-Token`.
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { websiteInbox } from './auth';
import { widgetContactRoutes } from './contact';
import { widgetConversationAttributeRoutes } from './conversationAttributes';
import { widgetConversationRoutes } from './conversations';
import { widgetInboxRoutes } from './inboxInfo';
import { publicCacheable } from './publicCacheable';
import { widgetIntegrationRoutes } from './integrations';
import { widgetMessageRoutes } from './messages';
import { widgetTranscriptRoutes } from './transcript';
import { widgetConfigRoutes } from './widgetConfig';

/** All widget API routes, to be mounted at `/api/v1/widget`. */
export function widgetApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  // Registered before the token check so a 404 for an unknown token is readable cross-origin too.
  app.use('/campaigns', publicCacheable);
  app.use('*', websiteInbox(deps));
  app.route('/', widgetConversationRoutes(deps));
  app.route('/', widgetConversationAttributeRoutes(deps));
  app.route('/', widgetMessageRoutes(deps));
  app.route('/', widgetTranscriptRoutes(deps));
  app.route('/', widgetContactRoutes(deps));
  app.route('/', widgetInboxRoutes(deps));
  app.route('/', widgetIntegrationRoutes(deps));
  app.route('/', widgetConfigRoutes(deps));
  return app;
}
