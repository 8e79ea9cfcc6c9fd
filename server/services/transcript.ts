/**
 * E-mailing a conversation's transcript (widget and Application API): every message the
 * visitor can see, through SMTP_URL or as an `.eml` file in OUTBOX_DIR.
 */
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { AppDeps } from '../context';
import { ApiError } from '../lib/apiError';
import { createMailer, type Mailer } from '../mail/mailer';
import { attachmentData } from '../presenters/message';
import { findContactInbox } from '../repositories/contacts';
import type { Conversation } from '../repositories/conversations';
import { findInbox } from '../repositories/inboxes';
import { listMessages } from '../repositories/messages';
import { renderTranscript, type TranscriptLine } from '../views/transcript';
import { loadMessageViews } from './viewLoaders';

/** Long conversations are cut here; the mail says so. */
export const TRANSCRIPT_MAX_MESSAGES = 5000;

const mailers = new WeakMap<AppDeps, Mailer>();

/** The app's mailer: the one its deps carry (tests), else one built from the config, once. */
export function mailerOf(deps: AppDeps): Mailer {
  if (deps.mailer) return deps.mailer;
  let mailer = mailers.get(deps);
  if (!mailer) mailers.set(deps, (mailer = createMailer(deps.config)));
  return mailer;
}

/** Mails the conversation to `email` (already validated). 503 when the mail cannot be sent. */
export async function mailTranscript(deps: AppDeps, conversation: Conversation, email: string): Promise<void> {
  const { db } = deps;
  const [inbox, contactInbox] = await Promise.all([
    findInbox(db, conversation.inbox_id),
    findContactInbox(db, conversation.contact_inbox_id),
  ]);
  if (!inbox || !contactInbox) throw new Error(`conversation ${conversation.id} lost its inbox`);
  const lines: TranscriptLine[] = [];
  let after: number | undefined = 0;
  // Pages of 100 (the `after` cursor), so a long conversation never loads all at once.
  while (after !== undefined && lines.length < TRANSCRIPT_MAX_MESSAGES) {
    const messages = await listMessages(db, conversation.id, { after, publicOnly: true });
    const views = await loadMessageViews(db, conversation, contactInbox, messages);
    for (const { message, sender, attachments } of views) {
      const name =
        sender?.type === 'contact'
          ? sender.contact.name || 'You'
          : sender?.type === 'user'
            ? sender.user.display_name || sender.user.name
            : message.message_type === MESSAGE_TYPE.incoming
              ? 'You'
              : 'Bot';
      lines.push({ sender: name, at: message.created_at, content: message.content, attachments: attachments.map(attachmentData) });
    }
    after = messages.length === 100 ? messages[messages.length - 1].id : undefined;
  }
  const mail = renderTranscript({ inboxName: inbox.name, conversationId: conversation.display_id, timezone: inbox.timezone, lines });
  try {
    await mailerOf(deps).send({ to: email, ...mail });
  } catch (error) {
    deps.logger?.error({ err: error, conversation_id: conversation.display_id }, 'transcript mail failed');
    throw new ApiError(503, 'The transcript could not be sent, please try again later');
  }
}
