import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The attachments chunk (`contents/attachments.ts`) as the outbox fetches it: to keep a waiting
 * file beyond the page, and to send one an earlier page kept, with the chat closed
 * (`state/keptMessages.ts`). A loader of its own, in the flow chunk: the conversation view's
 * (`attachments.ts`), imported by both, would be split into a file of its own, one more request
 * with the first send. Whichever loader asks first, the browser fetches the chunk once.
 */
export const keptFilesChunk = loadOnce(() => withAllStrings(import('./contents/attachments')));
