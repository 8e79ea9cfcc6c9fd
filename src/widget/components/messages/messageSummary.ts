import type { ChatMessage } from '../../state/chatMessage';
import { attachmentSummary } from './attachmentInfo';
import type { AttachmentLabels } from './labels';

/**
 * A message in one line, for a reply chip: its text with whitespace collapsed, or the content
 * label of its first attachment ('Picture message', …), or ''.
 */
export function messageSummary(message: Pick<ChatMessage, 'content' | 'attachments'>, labels: AttachmentLabels): string {
  const text = (message.content ?? '').replace(/\s+/g, ' ').trim();
  if (text) return text;
  const first = message.attachments?.[0];
  return first ? attachmentSummary(first, labels) : '';
}
