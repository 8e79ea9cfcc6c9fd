/**
 * Who may stream what on the cable, answered from the database, and the presence each
 * subscription keeps (docs/protocol.md#presence). A contact-inbox's pubsub token streams its own
 * events and its inbox's agent presence; its subscribe and each `update_presence` are the
 * visitor's signs of life. An agent's own token, with a user id that is theirs and an account
 * they belong to, streams their token and the account's events, as Chatwoot's RoomChannel
 * (docs/protocol.md#agents-on-the-cable); their subscribe and `update_presence` keep them online.
 */
import type { Db } from '../db/database';
import type { CableRooms } from '../realtime/cableConnection';
import { findContactInboxByPubsubToken } from '../repositories/contacts';
import { accountRole, findUserByPubsubToken } from '../repositories/users';
import { accountStream } from './broadcast';
import { inboxPresenceStream, type Presence } from './presence';

export function createCableRooms(db: Db, presence: Presence): CableRooms {
  return {
    async open(token) {
      const contactInbox = await findContactInboxByPubsubToken(db, token);
      if (!contactInbox) return null;
      return {
        streams: [token, inboxPresenceStream(contactInbox.inbox_id)],
        async present() {
          // Read again: a merge may have moved the contact-inbox to another contact since.
          const current = await findContactInboxByPubsubToken(db, token);
          if (!current) return null;
          await presence.contactSeen(current.contact_id);
          return presence.inboxPresence(current.inbox_id);
        },
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
