import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * A conversation's files (`contents/attachments.ts`): fetched by the first attachment shown
 * (`components/messages/MessageContent.tsx`) or the first file picked, pasted or dropped (their
 * rules and upload, `outgoingFiles` of `state/widget.ts`, a lazy model the flow loads).
 */
export const attachmentsChunk = loadOnce(() => withAllStrings(import('./contents/attachments')));
