/**
 * `GET /api/v1/profile` (docs/protocol.md#application-api): who the token's agent is, with their
 * own cable token (what the agent console subscribes with). `POST /api/v1/profile/availability`:
 * the agent sets online / busy / offline; `POST /api/v1/profile/auto_offline`: whether they go
 * offline by themselves when they show no sign of life (docs/protocol.md#presence). Connected
 * widgets of the agent's inboxes get `presence.update` at once after either.
 */
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { ApiError } from '../../lib/apiError';
import { agentProfile } from '../../presenters/user';
import { accountRole, updateUser, userAccounts } from '../../repositories/users';
import { readBody, schemas } from '../body';

/** An account id as a number or as digits, in the columns' range (server/lib/storable.ts). */
const AccountId = v.union([schemas.id, v.pipe(v.string(), v.regex(/^\d{1,10}$/), v.transform(Number), schemas.id)]);

const Availability = v.object({
  profile: v.object({ account_id: AccountId, availability: v.picklist(['online', 'busy', 'offline']) }),
});

const AutoOffline = v.object({
  profile: v.object({ account_id: AccountId, auto_offline: v.boolean() }),
});

/** Profile routes (mounted under `/api/v1/profile`). */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const agent = c.get('agent');
    return c.json(agentProfile(agent, await userAccounts(deps.db, agent.id)));
  });

  /** Changes what decides the agent's status for visitors, then tells their visitors and answers the profile. */
  const changePresence = async (
    c: Context<AppEnv>,
    accountId: number,
    changes: Pick<Parameters<typeof updateUser>[2], 'availability' | 'auto_offline'>,
  ) => {
    const agent = c.get('agent');
    if (!(await accountRole(deps.db, accountId, agent.id))) throw new ApiError(401, 'You are not authorized to access this account');
    const updated = await updateUser(deps.db, agent.id, changes);
    // Announced here, so `agentAuth` does not announce the agent's arrival first (an agent who
    // arrives by choosing "busy" is never shown online for a moment).
    c.set('presenceAnnounced', true);
    const [accounts] = await Promise.all([userAccounts(deps.db, agent.id), deps.presence.announceAgent(agent.id)]);
    return c.json(agentProfile(updated, accounts));
  };

  app.post('/availability', async (c) => {
    const { profile } = await readBody(c, Availability);
    return changePresence(c, profile.account_id, { availability: profile.availability });
  });

  app.post('/auto_offline', async (c) => {
    const { profile } = await readBody(c, AutoOffline);
    return changePresence(c, profile.account_id, { auto_offline: profile.auto_offline });
  });

  return app;
}
