/**
 * A conversation's files, one lazy chunk: the bubbles that show them, and the files the visitor
 * picked waiting to be sent with their upload rules and their upload. Fetched by the first
 * attachment shown or picked; a visitor's sent file shows as a bubble, so the two go together,
 * and apart each was a file of its own for about a kilobyte.
 */
export { AttachmentBubble } from '../../components/messages/AttachmentBubble';
export { attachFiles, PendingAttachments, pendingFiles } from '../../views/PendingAttachments';
export { fileKeeping, sendFile } from '../../state/fileUpload';
