/**
 * What views use from the message components. The interactive kinds (form, options, cards,
 * articles, e-mail capture, CSAT, video-call invitation) are deliberately not re-exported as
 * values: they live in a lazy chunk (`interactive.ts`) that `MessageContent` loads, and a value
 * export here would pull them into the first-paint bundle. Their attributes' types are in
 * src/shared/contentAttributes.ts.
 */
export { ActivityMessage } from './ActivityMessage';
export type { AttachmentBubbleProps } from './AttachmentBubble';
export { attachmentName, attachmentSummary, locationUrl } from './attachmentInfo';
export type { AttachmentLabels, MessageLabels } from './labels';
export { loadInteractive, type InteractiveKinds } from './loadInteractive';
export { MessageContent, messageKind, type MessageCallbacks, type MessageContentProps, type MessageKind } from './MessageContent';
export { messageSummary } from './messageSummary';
export { needsRichText } from './needsRichText';
export type { VideoCallOverlayProps } from './VideoCallOverlay';
export { ReplyToChip } from './ReplyToChip';
export { loadMarkdownRenderer, RichText, type MarkdownRenderer } from './RichText';
export type { Outcome } from './validation';
