import { t } from './index';

/**
 * What the visitor reads when lazy code does not arrive (docs/behaviour.md#errors): the one
 * failure policy's words. A part says it in its place with a retry (`lazy/part.tsx`); an action,
 * which has no place of its own, in the banner (`state/conversationActions.ts`).
 */
export const chunkFailure = () => ({ failed: t('CHUNK_ERROR'), retry: t('RETRY') });
