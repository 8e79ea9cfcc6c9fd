import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The pre-chat form with its checks and the dial codes: only an inbox with the form on shows it,
 * before a conversation (`routeViews.ts`).
 */
export const preChatChunk = loadOnce(() => withAllStrings(import('../views/PreChat')));
