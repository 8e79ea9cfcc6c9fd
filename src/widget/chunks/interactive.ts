import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * Bots' interactive messages with what the visitor's answers do (`contents/interactive.ts`):
 * fetched by the first such message shown (`components/messages/MessageContent.tsx`), or by an
 * answer (`state/conversationFlow.ts`), which comes from such a message.
 */
export const interactiveChunk = loadOnce(() => withAllStrings(import('./contents/interactive')));
