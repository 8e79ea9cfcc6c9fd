/**
 * What views use from the message components. The interactive kinds (form, options, cards,
 * articles, e-mail capture, CSAT, video-call invitation) are deliberately not re-exported as
 * values: they live in a lazy chunk (`interactive.ts`) that `MessageContent` loads, and a value
 * export here would pull them into the first-paint bundle. Their attributes' types are in
 * src/shared/contentAttributes.ts.
 */
export { ActivityMessage } from './ActivityMessage';
export type { MessageLabels } from './labels';
export { MessageContent } from './MessageContent';
export { messageKind, type MessageCallbacks } from './messageKind';
export { messageSummary } from './messageSummary';
export { ReplyToChip } from './ReplyToChip';
