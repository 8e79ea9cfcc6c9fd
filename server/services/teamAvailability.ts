/**
 * Whether anyone can answer the visitor now, by the widget's own rule (docs/behaviour.md#availability):
 * inside the inbox's working hours (when it keeps them) and with an agent of the inbox online as
 * visitors see it — there, and not busy or offline by choice (docs/protocol.md#presence).
 */
import { type AvailabilityConfig, isInBusinessHours } from '../../src/shared/availability';
import type { AppDeps } from '../context';
import { utcOffset } from '../presenters/inbox';
import type { Inbox } from '../repositories/inboxes';
import { listInboxAgents } from '../repositories/users';

/**
 * Whether anyone can answer now: inside business hours and with an agent online as visitors see
 * them. The server (e-mail collect, the away header) and the gateway decide "away" by this. It
 * lives server-side because a new export in src/shared/availability.ts reshuffles the widget's
 * minified names and costs its chunks bytes they do not have.
 */
export function isTeamAvailable(config: AvailabilityConfig, agentStatuses: Iterable<string>, now: Date): boolean {
  return isInBusinessHours(config, now) && [...agentStatuses].includes('online');
}

export async function teamIsAway(deps: AppDeps, inbox: Inbox, now = new Date()): Promise<boolean> {
  const hours = {
    workingHoursEnabled: inbox.working_hours_enabled,
    workingHours: inbox.working_hours,
    timezone: inbox.timezone,
    utcOffset: utcOffset(inbox.timezone, now),
  };
  const statuses = await deps.presence.statuses(await listInboxAgents(deps.db, inbox.id));
  return !isTeamAvailable(hours, statuses.values(), now);
}
