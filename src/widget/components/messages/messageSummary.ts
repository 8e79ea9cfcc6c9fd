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
 * A message in one line, for a reply chip and for screen readers: its text with whitespace
 * collapsed and markdown's marks taken out, or the content label of its first attachment
 * ('Picture message', …), or ''.
 */
export function messageSummary(message: Pick<ChatMessage, 'content' | 'attachments'>, labels: AttachmentLabels): string {
  const text = (message.content ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(MARKS, (_, link, _mark, words) => link ?? words);
  if (text) return text;
  const first = message.attachments?.[0];
  return first ? attachmentSummary(first, labels) : '';
}
