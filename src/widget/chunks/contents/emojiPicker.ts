/**
 * The emoji picker's chunk: the picker, and its English strings (category and skin-tone names),
 * which the rest of English, fetched on every open, does not carry (its `strings` in
 * `chunks/plan.ts`): added as the chunk runs.
 */
import pickerEnglish from '../../../../locales/en.json?emojiPicker';
import { addEnglish } from '../../i18n';

addEnglish(pickerEnglish);

export { EmojiPicker } from '../../components/emoji/EmojiPicker';
