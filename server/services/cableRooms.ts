/**
 * Who may stream what on the cable, and the presence each subscription keeps
 * (docs/protocol.md#presence). A visitor's pubsub token streams its own events and its inbox's
 * agent presence: the token names its inbox when this server signed it, so a visitor not stored
 * yet can subscribe (docs/protocol.md#the-lazy-visitor); an older random token is found by its
 * stored row. Its subscribe and each `update_presence` are the widget's signs of life, recorded
 * by token, so they count from the first moment, before the visitor is stored. An agent's own
 * token, with a user id that is theirs and an account they belong to, streams their token and the
 * account's events, as Chatwoot's RoomChannel (docs/protocol.md#agents-on-the-cable); their
 * subscribe and `update_presence` keep them online. A visitor's `catch_up` reads what
 * `GET /messages?after=` would (docs/protocol.md#realtime-catch-up).
 */
import { signedPubsubTokenInbox } from '../auth/pubsubToken';
import type { Db } from '../db/database';
import type { CableRooms } from '../realtime/cableConnection';
import { findContactInboxByPubsubToken } from '../repositories/contacts';
import { accountRole, findUserByPubsubToken } from '../repositories/users';
import { accountStream } from './broadcast';
import { inboxPresenceStream, type Presence } from './presence';
import { visitorMessagesPage } from './visitorData';

/** `secret` is SECRET_KEY_BASE, which signs the visitors' pubsub tokens. */
export function createCableRooms(db: Db, presence: Presence, secret: string): CableRooms {
  return {
    async open(token) {
      const inboxId = signedPubsubTokenInbox(secret, token) ?? (await findContactInboxByPubsubToken(db, token))?.inbox_id;
      if (inboxId === undefined) return null;
      return {
        streams: [token, inboxPresenceStream(inboxId)],
        async present() {
          await presence.visitorSeen(token);
          return presence.inboxPresence(inboxId);
        },
        // Looked up when asked: a visitor not stored at subscribe time may have written since.
        messagesAfter: async (after) => visitorMessagesPage(db, await findContactInboxByPubsubToken(db, token), { after }),
      };
    },

    async openAgent(token, { accountId, userId }) {
      const user = await findUserByPubsubToken(db, token);
      if (!user || user.id !== userId || !(await accountRole(db, accountId, userId))) return null;
      return {
        streams: [token, accountStream(accountId)],
        // Agents are not told presence; their console's pings keep them online for visitors.
        present: async () => {
          await presence.agentSeen(userId);
          return null;
        },
      };
    },
  };
}
