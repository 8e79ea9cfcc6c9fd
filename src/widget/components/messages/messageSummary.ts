import type { ChatMessage } from '../../state/chatMessage';
import { attachmentSummary } from './attachmentInfo';
import type { AttachmentLabels } from './labels';

/**
 * Markdown's marks, taken out of a line that is read rather than rendered (the markdown renderer
 * is a lazy chunk): `**today**` reads "today", `[the help centre](https://…)` "the help centre".
 * Underscores inside a word (snake_case) are no emphasis.
 */
const MARKS = /!?\[([^\]]*)\]\(\S*?\)|(\*\*|~~|[*`]|(?<!\w)__?)(?=\S)(.+?)(?<=\S)\2(?!\w)/g;

/**
 * The characters of a message a summary keeps (docs/accessibility.md#what-a-screen-reader-hears).
 * MARKS is quadratic on a line of unclosed marks (`**a ` × 37,500 froze the widget for 40 s),
 * so it never sees more; and a chip shows one line, a screen reader need not say a whole book.
 */
export const SUMMARY_LENGTH = 500;

/**
 * A message in one line, for a reply chip and for screen readers: its text with whitespace
 * collapsed and markdown's marks taken out, cut after SUMMARY_LENGTH characters with '…', or
 * the content label of its first attachment ('Picture message', …), or ''.
 */
export function messageSummary(message: Pick<ChatMessage, 'content' | 'attachments'>, labels: AttachmentLabels): string {
  const line = (message.content ?? '').replace(/\s+/g, ' ').trim();
  const text = line.slice(0, SUMMARY_LENGTH).replace(MARKS, (_, link, _mark, words) => link ?? words);
  if (text) return line.length > SUMMARY_LENGTH ? `${text}…` : text;
  const first = message.attachments?.[0];
  return first ? attachmentSummary(first, labels) : '';
}
