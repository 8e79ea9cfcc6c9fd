/**
 * The Application API subset (docs/protocol.md#application-api, docs/architecture.md#the-server): what a bot or an end-to-end
 * test needs to play "agent".
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { accountAccess, agentAuth } from './auth';
import { campaignRoutes } from './campaigns';
import { contactRoutes } from './contacts';
import { csatRoutes } from './csat';
import { conversationRoutes } from './conversations';
import { inboxRoutes } from './inboxes';
import { labelRoutes } from './labels';
import { messageRoutes } from './messages';
import { portalRoutes } from './portals';
import { profileRoutes } from './profile';

/** Routes to mount at `/api/v1/accounts/:a`. */
export function accountsApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', agentAuth(deps), accountAccess(deps));
  app.route('/', inboxRoutes(deps));
  app.route('/', conversationRoutes(deps));
  app.route('/', messageRoutes(deps));
  app.route('/', contactRoutes(deps));
  app.route('/', csatRoutes(deps));
  app.route('/', labelRoutes(deps));
  app.route('/', campaignRoutes(deps));
  app.route('/', portalRoutes(deps));
  return app;
}

/** Routes to mount at `/api/v1/profile`. */
export function profileApi(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', agentAuth(deps));
  app.route('/', profileRoutes(deps));
  return app;
}
