import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The end of a conversation (`contents/conversationEnd.ts`): fetched by the header's "End
 * conversation" (`views/App.tsx`) or by a resolved conversation's footer (`views/Messages.tsx`).
 */
export const conversationEndChunk = loadOnce(() => withAllStrings(import('./contents/conversationEnd')));
