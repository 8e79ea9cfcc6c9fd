/**
 * A conversation's files, one lazy chunk: the bubbles that show them, and the files the visitor
 * picked waiting to be sent (a lazy model of `state/widget.ts`) with their upload rules and their upload. Fetched by the first
 * attachment shown or picked; a visitor's sent file shows as a bubble, so the two go together,
 * and apart each was a file of its own for about a kilobyte. The waiting files' English strings
 * travel with them (scripts/firstPaintStrings.mjs `PART_NAMESPACES`): added as the chunk runs; a
 * sent file's bubble is named by the conversation view's.
 */
import attachmentsEnglish from '../../../../locales/en.json?attachments';
import { addEnglish } from '../../i18n';

addEnglish(attachmentsEnglish);

export { AttachmentBubble } from '../../components/messages/AttachmentBubble';
export { PendingAttachments } from '../../views/PendingAttachments';
export { createPendingFiles } from '../../state/pendingFiles';
export { fileKeeping } from '../../state/fileUpload';
