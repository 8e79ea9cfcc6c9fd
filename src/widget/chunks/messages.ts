import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The conversation view with its windowed history. Fetched once the frame is idle after its first
 * paint (`views/App.tsx`), or when the visitor opens the conversation first (`routeViews.ts`). It
 * shows the history and a usable composer at once; what the visitor does there (the conversation's
 * flow, `chunks/flow.ts`) comes on their intent to act. Its composer rides in the first paint's
 * script (build.mjs `alsoFirstPaint`): with it this chunk would pass its 8 KB ceiling.
 */
export const messagesChunk = loadOnce(() => withAllStrings(import('../views/Messages')));
