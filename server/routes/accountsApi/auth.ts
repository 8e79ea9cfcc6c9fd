/**
 * Application API authentication (docs/protocol.md#application-api): header `api_access_token` names the agent;
 * `/accounts/:a/*` additionally requires membership of that account.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { isId } from '../../lib/storable';
import { ApiError } from '../../lib/apiError';
import { findAccount } from '../../repositories/inboxes';
import { accountRole, findUserByAccessToken } from '../../repositories/users';

/**
 * Sets `agent` from `api_access_token`; 401 `Invalid Access Token` otherwise. Every call is a
 * sign of life of the agent (docs/protocol.md#presence): visitors see them online while they work.
 */
export function agentAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = c.req.header('api_access_token');
    const agent = token ? await findUserByAccessToken(deps.db, token) : undefined;
    if (!agent) throw new ApiError(401, 'Invalid Access Token');
    c.set('agent', agent);
    // Presence is a courtesy to visitors: a hiccup recording it must not fail the agent's call.
    const warn = (error: Error) => c.get('log').warn({ err: error.message }, 'presence not recorded');
    const arrived = await deps.presence.agentArrived(agent.id).catch((error: Error) => warn(error) ?? false);
    await next();
    // After the call, unless it announced the agent itself (a change of availability).
    if (arrived && !c.get('presenceAnnounced')) await deps.presence.announceAgent(agent.id).catch(warn);
  };
}

/** Sets `account` from `:a` when the agent belongs to it; 401 otherwise (as Chatwoot). */
export function accountAccess(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const accountId = Number(c.req.param('a'));
    const account = isId(accountId) ? await findAccount(deps.db, accountId) : undefined;
    if (!account || !(await accountRole(deps.db, account.id, c.get('agent').id))) {
      throw new ApiError(401, 'You are not authorized to access this account');
    }
    c.set('account', account);
    await next();
  };
}
