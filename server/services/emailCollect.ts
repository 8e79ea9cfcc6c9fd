/**
 * Chatwoot's e-mail collect, for away teams (docs/behaviour.md#away-visitors): when nobody can
 * answer now and the visitor has given no e-mail, their first message in a conversation is
 * followed by an `input_email` message from the inbox asking for one, so the answer can reach
 * them by e-mail later (`replyByEmail.ts`). Chatwoot asks whatever the hour; asking only when
 * the team is away keeps it from interrupting a live chat.
 */
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import type { Contact } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import type { Inbox } from '../repositories/inboxes';
import { countIncomingSince, hasMessageOfType } from '../repositories/messages';
import { postInboxMessage } from './agentActions';
import { teamIsAway } from './teamAvailability';
import { visitorText } from './visitorText';

/** Asks for the visitor's e-mail if this was their first message and nobody can answer now. */
export async function collectEmailIfAway(
  deps: AppDeps,
  visitor: { inbox: Inbox; contact: Contact },
  conversation: Conversation,
  locale?: string | null,
): Promise<void> {
  if (!visitor.inbox.enable_email_collect || visitor.contact.email) return;
  if ((await countIncomingSince(deps.db, conversation.id, 0)) !== 1) return;
  if (await hasMessageOfType(deps.db, conversation.id, 'input_email')) return;
  if (!(await teamIsAway(deps, visitor.inbox))) return;
  await postInboxMessage(deps, conversation, null, {
    content: await visitorText('SERVER.EMAIL_COLLECT', locale),
    message_type: MESSAGE_TYPE.template,
    private: false,
    content_type: 'input_email',
    content_attributes: {},
    echo_id: null,
  });
}
