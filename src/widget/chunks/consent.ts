import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The consent and chat-off screens (`views/Consent.tsx`): fetched only by an open that must ask
 * for consent first, or after a Decline that leaves no chat (`views/App.tsx`, docs/behaviour.md#consent).
 */
export const consentChunk = loadOnce(() => withAllStrings(import('../views/Consent')));
