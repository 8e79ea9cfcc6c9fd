import type { ChatMessage } from '../../state/chatMessage';
import { attachmentSummary } from './attachmentInfo';
import type { AttachmentLabels } from './labels';

/**
 * Markdown's marks, taken out of a line that is read rather than rendered (the markdown renderer
 * is a lazy chunk): `**today**` reads "today", `[the help centre](https://…)` "the help centre".
 * Underscores inside a word (snake_case) are no emphasis. (No lookbehind: the build would write
 * it as a `new RegExp` string.)
 */
const MARKS = /!?\[([^\]]*)\]\(\S*?\)|(\*\*|~~|[*`]|\b__?)(\S|\S.*?\S)\2(?!\w)/g;

/**
 * The characters of a message a summary reads (docs/accessibility.md#what-a-screen-reader-hears):
 * MARKS takes time quadratic in a line of unclosed marks (`**a ` × 37,500 froze the widget for
 * 40 s), so it never sees more; a chip shows one line, and a screen reader need not say a book.
 */
export const SUMMARY_LENGTH = 500;

/**
 * A message in one line, for a reply chip and for screen readers: its text with whitespace
 * collapsed and markdown's marks taken out, of its first SUMMARY_LENGTH characters, or the
 * content label of its first attachment ('Picture message', …), or ''.
 */
export function messageSummary(message: Pick<ChatMessage, 'content' | 'attachments'>, labels: AttachmentLabels): string {
  const text = (message.content ?? '')
    .slice(0, SUMMARY_LENGTH)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(MARKS, (_, link, _mark, words) => link ?? words);
  if (text) return text;
  const first = message.attachments?.[0];
  return first ? attachmentSummary(first, labels) : '';
}
