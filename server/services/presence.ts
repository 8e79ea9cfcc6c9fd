/**
 * Agent presence as contacts see it (`presence.update`, docs/protocol.md#events): the availability of the
 * inbox's agents, sent on subscribe, on `update_presence` and when an agent changes status.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { AvailabilityStatus } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import type { CableRooms } from '../realtime/cableConnection';
import { findContactInboxByPubsubToken, pubsubTokensOfInbox } from '../repositories/contacts';
import { findInbox } from '../repositories/inboxes';
import { accountRole, findUserByPubsubToken, listInboxAgents, listUserInboxIds } from '../repositories/users';
import { accountStream } from './broadcast';

/** `presence.update` data; contacts get no `contacts` key. */
export interface PresenceData {
  account_id: number;
  users: Record<string, AvailabilityStatus>;
}

/** The presence of the inbox's agents. */
export async function inboxPresence(db: Db, inboxId: number): Promise<PresenceData | null> {
  const inbox = await findInbox(db, inboxId);
  if (!inbox) return null;
  const agents = await listInboxAgents(db, inboxId);
  return { account_id: inbox.account_id, users: Object.fromEntries(agents.map((a) => [String(a.id), a.availability])) };
}

/** What the cable server asks about pubsub tokens, answered from the database. */
export function createCableRooms(db: Db): CableRooms {
  return {
    authorize: async (token) => Boolean(await findContactInboxByPubsubToken(db, token)),
    // As Chatwoot's RoomChannel: with a user_id the token must be that agent's own, and the
    // agent a member of the account whose stream they then read (docs/protocol.md#agents-on-the-cable).
    agentStreams: async (token, { accountId, userId }) => {
      const user = await findUserByPubsubToken(db, token);
      if (!user || user.id !== userId || !(await accountRole(db, accountId, userId))) return null;
      return [token, accountStream(accountId)];
    },
    presence: async (token) => {
      const contactInbox = await findContactInboxByPubsubToken(db, token);
      return contactInbox ? inboxPresence(db, contactInbox.inbox_id) : null;
    },
  };
}

/** Sends fresh presence to every connected contact of the agent's inboxes in the account. */
export async function broadcastAgentPresence(deps: AppDeps, agentId: number, accountId: number): Promise<number> {
  const connected = deps.hub.tokens();
  if (connected.length === 0) return 0;
  let sent = 0;
  for (const inboxId of await listUserInboxIds(deps.db, agentId, accountId)) {
    const tokens = await pubsubTokensOfInbox(deps.db, inboxId, connected);
    if (tokens.length === 0) continue;
    const presence = await inboxPresence(deps.db, inboxId);
    for (const token of tokens) sent += deps.hub.broadcast(token, REALTIME_EVENTS.presenceUpdate, presence);
  }
  return sent;
}
