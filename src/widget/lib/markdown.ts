import { markdownToHtml } from '../../shared/markdown';
import richTextCss from '../styles/richText.chunk.css';
import { adoptStyles } from './adoptStyles';
import { sanitizeHtml } from './sanitizeHtml';

adoptStyles(richTextCss);

/**
 * Message markdown → safe HTML. A lazy chunk (with DOMPurify): plain-text messages never load
 * it (see `components/messages/needsRichText.ts`). The renderer itself is shared with the
 * server (`src/shared/markdown.ts`); DOMPurify stays the last step here.
 */

export { markdownToHtml, RICH_TEXT_LIMIT } from '../../shared/markdown';

/**
 * A message's or article's content as sanitised HTML, safe for `dangerouslySetInnerHTML`:
 * links open in a new tab with `rel="noopener noreferrer"`, only http, https, mailto and tel
 * links and http(s) images survive, and images relative to the widget's own server.
 */
export function renderMarkdown(text: string): string {
  return sanitizeHtml(markdownToHtml(text));
}
