import { withAllStrings } from '../i18n';
import { loadOnce } from '../lib/loadOnce';

/**
 * The emoji picker with its English strings (`contents/emojiPicker.ts`): fetched when the visitor
 * first opens it (`views/Messages.tsx`), never with the conversation. The emoji names in the
 * visitor's language are a file of their own that the picker fetches (scripts/emojiData.mjs).
 */
export const emojiPickerChunk = loadOnce(() => withAllStrings(import('./contents/emojiPicker')));
