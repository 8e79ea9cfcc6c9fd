/**
 * Whether anyone can answer the visitor now, by the widget's own rule (docs/behaviour.md#availability):
 * inside the inbox's working hours (when it keeps them) and with an agent of the inbox online as
 * visitors see it — there, and not busy or offline by choice (docs/protocol.md#presence).
 */
import { isTeamAvailable } from '../../src/shared/availability';
import type { AppDeps } from '../context';
import { utcOffset } from '../presenters/inbox';
import type { Inbox } from '../repositories/inboxes';
import { listInboxAgents } from '../repositories/users';

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
