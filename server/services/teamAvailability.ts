/**
 * Whether anyone can answer the visitor now, by the widget's own rule (docs/behaviour.md#availability):
 * inside the inbox's working hours (when it keeps them) and with an agent of the inbox online.
 */
import { isInBusinessHours } from '../../src/shared/availability';
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
  if (!isInBusinessHours(hours, now)) return true;
  const agents = await listInboxAgents(deps.db, inbox.id);
  return !agents.some((agent) => agent.availability === 'online');
}
