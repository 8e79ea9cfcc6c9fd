/**
 * Whether someone can answer the visitor now (docs/behaviour.md#availability), the one rule for
 * every side that asks: the widget's header, home card, away form and `$chatwoot.isTeamAvailable`;
 * the reference server's away signal to the loader and its e-mail collect; the gateway's away
 * signal over Chatwoot's answers. Business hours themselves are `availability.ts`'s.
 */
import { type AvailabilityConfig, isInBusinessHours } from './availability';

/** Inside the inbox's working hours (when it keeps them), with an agent online as visitors see them. */
export function isTeamAvailable(config: AvailabilityConfig, agentOnline: boolean, now: Date): boolean {
  return agentOnline && isInBusinessHours(config, now);
}
