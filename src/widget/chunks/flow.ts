import { loadOnce } from '../lib/loadOnce';

/**
 * What the visitor does in the conversation, with its outbox (`contents/flow.ts`): fetched on their
 * intent to act there, never before. The first input in the composer (a keystroke, a paste, a
 * file picked or dropped) or any action of the conversation view that needs it (`views/Messages.tsx`,
 * `views/ResolvedConversation.tsx`); a site call that sends (`state/siteCalls.ts`); and at once when
 * an earlier page left messages unsent (`main.tsx`). A visitor who only reads never fetches it.
 */
export const flowChunk = loadOnce(() => import('./contents/flow'));
