import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';
import { realtimeChunk } from './realtime';

/**
 * The conversation view with its windowed history. Fetched once the frame is idle after its first
 * paint (`views/App.tsx`), or when the visitor opens the conversation first (`routeViews.ts`).
 * It arrives with the realtime chunk, which carries what the visitor does there (the
 * conversation's flow), so the view never waits for it on screen. Its composer rides in the first
 * paint's script (build.mjs `alsoFirstPaint`): with it this chunk would pass its 8 KB ceiling.
 */
export const messagesChunk = loadOnce(() =>
  withAllStrings(Promise.all([import('../views/Messages'), realtimeChunk.load()]).then(([view]) => view)),
);
