/**
 * The visitors' side of the cable, answered from the database: a contact-inbox's pubsub token
 * streams its own events and its inbox's agent presence, and each subscribe or
 * `update_presence` is the visitor's sign of life (docs/protocol.md#presence).
 */
import type { Db } from '../db/database';
import type { CableRooms } from '../realtime/cableConnection';
import { findContactInboxByPubsubToken } from '../repositories/contacts';
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
  };
}
