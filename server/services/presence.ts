/**
 * Agent presence as contacts see it (`presence.update`, docs/protocol.md#events): the availability of the
 * inbox's agents, sent on subscribe, on `update_presence` and when an agent changes status.
 */
import { REALTIME_EVENTS } from '../../src/shared/cable';
import type { RealtimeEventData } from '../../src/shared/cable';
import { signedPubsubTokenInbox } from '../auth/pubsubToken';
import type { AppDeps } from '../context';
import type { Db } from '../db/database';
import type { CableRooms } from '../realtime/cableConnection';
import { findContactInboxByPubsubToken, pubsubTokensOfInbox } from '../repositories/contacts';
import { findInbox } from '../repositories/inboxes';
import { accountRole, findUserByPubsubToken, listInboxAgents, listUserInboxIds } from '../repositories/users';
import { accountStream } from './broadcast';

/** `presence.update` data; contacts get no `contacts` key. */
export type PresenceData = RealtimeEventData['presence.update'];

/** The presence of the inbox's agents. */
export async function inboxPresence(db: Db, inboxId: number): Promise<PresenceData | null> {
  const inbox = await findInbox(db, inboxId);
  if (!inbox) return null;
  const agents = await listInboxAgents(db, inboxId);
  return { account_id: inbox.account_id, users: Object.fromEntries(agents.map((a) => [String(a.id), a.availability])) };
}

/**
 * The inbox of a pubsub token: named by the token itself when this server signed it, so a
 * visitor not stored yet can subscribe (docs/protocol.md#the-lazy-visitor); else the stored
 * contact-inbox's (tokens minted before tokens were signed). Null for a token of nobody.
 */
async function inboxOfToken(db: Db, secret: string, token: string): Promise<number | null> {
  return signedPubsubTokenInbox(secret, token) ?? (await findContactInboxByPubsubToken(db, token))?.inbox_id ?? null;
}

/** What the cable server asks about pubsub tokens; `secret` is SECRET_KEY_BASE, which signs them. */
export function createCableRooms(db: Db, secret: string): CableRooms {
  return {
    authorize: async (token) => (await inboxOfToken(db, secret, token)) !== null,
    // As Chatwoot's RoomChannel: with a user_id the token must be that agent's own, and the
    // agent a member of the account whose stream they then read (docs/protocol.md#agents-on-the-cable).
    agentStreams: async (token, { accountId, userId }) => {
      const user = await findUserByPubsubToken(db, token);
      if (!user || user.id !== userId || !(await accountRole(db, accountId, userId))) return null;
      return [token, accountStream(accountId)];
    },
    presence: async (token) => {
      const inboxId = await inboxOfToken(db, secret, token);
      return inboxId === null ? null : inboxPresence(db, inboxId);
    },
  };
}

/** Sends fresh presence to every connected contact of the agent's inboxes in the account. */
export async function broadcastAgentPresence(deps: AppDeps, agentId: number, accountId: number): Promise<number> {
  const connected = deps.hub.tokens();
  if (connected.length === 0) return 0;
  let sent = 0;
  // Signed tokens name their inbox; only the older random ones need the database.
  const signed = new Map<string, number>();
  for (const token of connected) {
    const inboxId = signedPubsubTokenInbox(deps.config.secretKeyBase, token);
    if (inboxId !== null) signed.set(token, inboxId);
  }
  const unsigned = connected.filter((token) => !signed.has(token));
  for (const inboxId of await listUserInboxIds(deps.db, agentId, accountId)) {
    const ofInbox = [...signed].filter(([, id]) => id === inboxId).map(([token]) => token);
    const tokens = [...ofInbox, ...(unsigned.length ? await pubsubTokensOfInbox(deps.db, inboxId, unsigned) : [])];
    if (tokens.length === 0) continue;
    const presence = await inboxPresence(deps.db, inboxId);
    for (const token of tokens) sent += deps.hub.broadcast(token, REALTIME_EVENTS.presenceUpdate, presence);
  }
  return sent;
}
