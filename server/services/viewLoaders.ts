/**
 * Loads what the presenters need (senders, attachments, contact-inbox, assignee) in batches,
 * so a page of 20 messages costs a fixed number of queries — plus, for realtime, the cable
 * tokens the contact-inbox's events go to (one more query only for HMAC-verified visitors).
 */
import type { Db } from '../db/database';
import type { ConversationView } from '../presenters/conversation';
import type { MessageSender, MessageView } from '../presenters/message';
import { audienceTokens, findContactInbox, findContacts, type ContactInbox } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import { lastPublicMessage, listAttachments, type Message } from '../repositories/messages';
import { conversationLabels } from '../repositories/labels';
import { findUsers } from '../repositories/users';

/** Message views for messages of one conversation. */
export async function loadMessageViews(
  db: Db,
  conversation: Conversation,
  contactInbox: ContactInbox,
  messages: Message[],
): Promise<MessageView[]> {
  const userIds = messages.filter((m) => m.sender_type === 'User' && m.sender_id !== null).map((m) => m.sender_id as number);
  const contactIds = messages.filter((m) => m.sender_type === 'Contact' && m.sender_id !== null).map((m) => m.sender_id as number);
  const [users, contacts, attachments, audience] = await Promise.all([
    findUsers(db, userIds),
    findContacts(db, contactIds),
    listAttachments(
      db,
      messages.map((m) => m.id),
    ),
    audienceTokens(db, contactInbox),
  ]);
  const usersById = new Map(users.map((u) => [u.id, u]));
  const contactsById = new Map(contacts.map((c) => [c.id, c]));
  return messages.map((message) => {
    let sender: MessageSender | null = null;
    const user = message.sender_type === 'User' ? usersById.get(message.sender_id ?? -1) : undefined;
    const contact = message.sender_type === 'Contact' ? contactsById.get(message.sender_id ?? -1) : undefined;
    if (user) sender = { type: 'user', user };
    else if (contact) sender = { type: 'contact', contact };
    return { message, conversation, contactInbox, sender, attachments: attachments.get(message.id) ?? [], audience };
  });
}

/** One message view. */
export async function loadMessageView(
  db: Db,
  conversation: Conversation,
  contactInbox: ContactInbox,
  message: Message,
): Promise<MessageView> {
  const [view] = await loadMessageViews(db, conversation, contactInbox, [message]);
  return view;
}

/** The conversation with its contact-inbox, contact, assignee and last visible message. */
export async function loadConversationView(
  db: Db,
  conversation: Conversation,
  known?: { contactInbox?: ContactInbox },
): Promise<ConversationView> {
  const contactInbox = known?.contactInbox ?? (await findContactInbox(db, conversation.contact_inbox_id));
  if (!contactInbox) throw new Error(`conversation ${conversation.id} has no contact inbox`);
  const [[contact], [assignee], last, labels, audience] = await Promise.all([
    findContacts(db, [conversation.contact_id]),
    conversation.assignee_id === null ? Promise.resolve([]) : findUsers(db, [conversation.assignee_id]),
    lastPublicMessage(db, conversation.id),
    conversationLabels(db, conversation.id),
    audienceTokens(db, contactInbox),
  ]);
  if (!contact) throw new Error(`conversation ${conversation.id} has no contact`);
  const lastMessage = last ? await loadMessageView(db, conversation, contactInbox, last) : null;
  return { conversation, contactInbox, contact, assignee: assignee ?? null, lastMessage, labels, audience };
}
