/**
 * The prompts over a closed widget: unread messages and a campaign's message. One lazy chunk with
 * their shared frame (`CompactPrompt`): apart they were three files, two requests per prompt.
 * Their English strings travel with them (their chunk's `strings` in `chunks/plan.ts`): a
 * visitor who never sees a prompt never fetches them. Added as the chunk runs.
 */
import promptsEnglish from '../../../../locales/en.json?prompts';
import { addEnglish } from '../../i18n';

addEnglish(promptsEnglish);

export { Campaigns } from '../../views/Campaigns';
export { UnreadMessages } from '../../views/UnreadMessages';
