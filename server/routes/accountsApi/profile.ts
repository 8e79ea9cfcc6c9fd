/**
 * `GET /api/v1/profile` (docs/protocol.md#application-api): who the token's agent is, with their
 * own cable token (what the agent console subscribes with). `POST /api/v1/profile/availability`:
 * the agent sets online / busy / offline; connected widgets of the agent's inboxes get
 * `presence.update` at once.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { agentProfile } from '../../presenters/user';
import { accountRole, updateUser, userAccounts } from '../../repositories/users';
import { readBody, schemas } from '../body';

const Availability = v.object({
  profile: v.object({
    account_id: v.union([schemas.id, v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), schemas.id)]),
    availability: v.picklist(['online', 'busy', 'offline']),
  }),
});

/** Profile routes (mounted under `/api/v1/profile`). */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const agent = c.get('agent');
    return c.json(agentProfile(agent, await userAccounts(deps.db, agent.id)));
  });

  app.post('/availability', async (c) => {
    const { profile } = await readBody(c, Availability);
    const agent = c.get('agent');
    if (!(await accountRole(deps.db, profile.account_id, agent.id))) {
      throw new ApiError(401, 'You are not authorized to access this account');
    }
    const updated = await updateUser(deps.db, agent.id, { availability: profile.availability });
    // Announced here, so `agentAuth` does not announce the agent's arrival first (an agent who
    // arrives by choosing "busy" is never shown online for a moment).
    c.set('presenceAnnounced', true);
    const [accounts] = await Promise.all([userAccounts(deps.db, agent.id), deps.presence.announceAgent(agent.id)]);
    return c.json(agentProfile(updated, accounts));
  });

  return app;
}
