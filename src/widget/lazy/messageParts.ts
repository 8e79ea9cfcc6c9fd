import { attachmentsChunk } from '../chunks/attachments';
import { interactiveChunk } from '../chunks/interactive';
import { markdownChunk } from '../chunks/markdown';
import { lazyPart } from './part';

/** Files and pictures, with their stylesheet: many conversations have none. */
export const AttachmentBubble = lazyPart(attachmentsChunk, (m) => m.AttachmentBubble);

/** Bots' interactive kinds: one chunk for every such message, with what reads their attributes and the words they show. */
export const BotMessage = lazyPart(interactiveChunk, (m) => m.BotMessage);

/** The markdown renderer, fetched by the first message or article with markdown or a link; once for every bubble. */
export const markdownRenderer = markdownChunk;
