/**
 * Whether the team of an inbox is away now, by the one rule of `src/shared/teamAvailability.ts`
 * over what the reference server knows: the inbox's working hours and its agents' presence
 * (online as visitors see them: there, and not busy or offline by choice, docs/protocol.md#presence).
 * The loader's away signal and e-mail collect ask it.
 */
import { isTeamAvailable } from '../../src/shared/teamAvailability';
import type { AppDeps } from '../context';
import type { Inbox } from '../repositories/inboxes';
import { listInboxAgents } from '../repositories/users';

export async function teamIsAway(deps: AppDeps, inbox: Inbox, now = new Date()): Promise<boolean> {
  const hours = { workingHoursEnabled: inbox.working_hours_enabled, workingHours: inbox.working_hours, timezone: inbox.timezone };
  const statuses = await deps.presence.statuses(await listInboxAgents(deps.db, inbox.id));
  return !isTeamAvailable(hours, [...statuses.values()].includes('online'), now);
}
