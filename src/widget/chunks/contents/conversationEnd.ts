/**
 * The end of a conversation: the header's "End this conversation?" and the footer a resolved
 * conversation shows. One lazy chunk: a visitor who ends the conversation sees the footer next,
 * and apart they were two files, each a request. Their English strings travel with them
 * (their chunk's `strings` in `chunks/plan.ts`): added as the chunk runs.
 */
import conversationEndEnglish from '../../../../locales/en.json?conversationEnd';
import { addEnglish } from '../../i18n';

addEnglish(conversationEndEnglish);

export { EndConversation } from '../../views/EndConversation';
export { ResolvedConversation } from '../../views/ResolvedConversation';
