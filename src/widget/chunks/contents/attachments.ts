/**
 * A conversation's files, one lazy chunk: the bubbles that show them, and the files the visitor
 * picked waiting to be sent (a lazy model of `state/widget.ts`) with their upload rules and their upload. Fetched by the first
 * attachment shown or picked; a visitor's sent file shows as a bubble, so the two go together,
 * and apart each was a file of its own for about a kilobyte.
 */
export { AttachmentBubble } from '../../components/messages/AttachmentBubble';
export { PendingAttachments } from '../../views/PendingAttachments';
export { createPendingFiles } from '../../state/pendingFiles';
export { fileKeeping } from '../../state/fileUpload';
