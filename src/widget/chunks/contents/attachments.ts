/**
 * A conversation's files, one lazy chunk: the bubbles that show them, and the upload rules a file
 * the visitor picks passes with its upload (a lazy model of `state/widget.ts`). Fetched by the
 * first attachment shown or picked; a visitor's sent file shows as a bubble, so the two go
 * together, and apart each was a file of its own for about a kilobyte. The rules' English strings
 * travel with them (their chunk's `strings` in `chunks/plan.ts`): added as the chunk runs; a
 * sent file's bubble is named by the conversation view's.
 */
import attachmentsEnglish from '../../../../locales/en.json?attachments';
import { addEnglish } from '../../i18n';

addEnglish(attachmentsEnglish);

export { AttachmentBubble } from '../../components/messages/AttachmentBubble';
export { createOutgoingFiles } from '../../state/outgoingFiles';
export { fileKeeping } from '../../state/fileUpload';
