/**
 * Whether Chatwoot's team is away for an inbox, in gateway mode (docs/behaviour.md#away-mode),
 * by the one rule of `src/shared/teamAvailability.ts` over what Chatwoot says: its agents'
 * availability, from the `inbox_members` answer the gateway keeps per website token, and the
 * inbox's working hours. Only Chatwoot's config answer carries the hours, and that answer is per
 * visitor, so the loader's campaigns check cannot ask for it: the gateway keeps the hours (and
 * the away mode) of the last config it read for the website token. Until a visitor has opened
 * the chat once, the hours are unknown and the agents alone decide.
 */
import * as v from 'valibot';
import { type AwayMode, AWAY_MODES } from '../../src/shared/awayMode';
import { isTeamAvailable } from '../../src/shared/teamAvailability';
import type { ChannelConfig } from '../../src/shared/types';
import { InboxMembers, WorkingHours } from '../contract/widgetApiShapes';
import type { AnswerStore } from './answerStore';
import type { CallOrigin } from './forwardHeaders';
import type { InboxAnswers } from './inboxAnswers';

/** A day: a change of hours in Chatwoot shows once a visitor opens the chat, or by then. */
const RULE_TTL_MS = 24 * 60 * 60 * 1000;

const AwayRule = v.object({
  workingHoursEnabled: v.boolean(),
  workingHours: v.array(WorkingHours),
  timezone: v.string(),
  awayMode: v.picklist(AWAY_MODES),
});
type AwayRule = v.InferOutput<typeof AwayRule>;

const ruleKey = (websiteToken: string) => `away_rule:${websiteToken}`;

function parse<S extends v.GenericSchema>(schema: S, text: string): v.InferOutput<S> | undefined {
  try {
    const result = v.safeParse(schema, JSON.parse(text));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/** Reads and keeps each inbox's away rule in `store`; its agents through `answers`. */
export function createTeamAway(store: AnswerStore, answers: InboxAnswers, fallbackMode: AwayMode) {
  return {
    /** Keeps the hours and away mode of `channel`, a config Chatwoot answered for `websiteToken`. */
    async keep(websiteToken: string, channel: ChannelConfig): Promise<void> {
      const rule: AwayRule = {
        workingHoursEnabled: channel.workingHoursEnabled,
        workingHours: channel.workingHours,
        timezone: channel.timezone,
        awayMode: channel.awayMode,
      };
      await store.set(ruleKey(websiteToken), { contentType: 'application/json', body: JSON.stringify(rule) }, RULE_TTL_MS);
    },

    /**
     * The inbox's away mode while its team is away, or null while someone can answer. Null too
     * when Chatwoot's agents cannot be read: a visitor is better shown the chat than turned away.
     */
    async awayMode(websiteToken: string, from: CallOrigin, now = new Date()): Promise<AwayMode | null> {
      const [members, kept] = await Promise.all([answers.read('inbox_members', websiteToken, from), store.get(ruleKey(websiteToken))]);
      const agents = members.status === 200 ? parse(InboxMembers, members.body) : undefined;
      if (!agents) return null;
      const rule = kept && parse(AwayRule, kept.body);
      const hours = rule ?? { workingHoursEnabled: false, workingHours: [] };
      const agentOnline = agents.payload.some((agent) => agent.availability_status === 'online');
      return isTeamAvailable(hours, agentOnline, now) ? null : (rule?.awayMode ?? fallbackMode);
    },
  };
}

export type TeamAway = ReturnType<typeof createTeamAway>;
