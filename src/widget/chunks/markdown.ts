import { loadOnce } from '../lib/loadOnce';

/**
 * The markdown renderer with DOMPurify and the rich text's styles: fetched by the first message or
 * article that has markdown or a link (`components/messages/RichText.tsx`). Over the 8 KB a lazy
 * chunk may weigh: DOMPurify alone is about 10 KB, and docs/architecture.md#security requires it.
 */
export const markdownChunk = loadOnce(() => import('../lib/markdown'));
