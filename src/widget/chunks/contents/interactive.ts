/**
 * Bots' interactive messages: their kinds, the video call they open, and what the visitor's
 * answers do (`state/botReplies.ts`), one lazy chunk: most conversations never show one. An
 * answer or a call comes from such a message, so the chunk is here by then.
 */
import { adoptStyles } from '../../lib/adoptStyles';
import interactiveCss from '../../styles/interactive.chunk.css';

adoptStyles(interactiveCss);

export { ArticleListMessage } from '../../components/messages/ArticleListMessage';
export { CardsMessage } from '../../components/messages/CardsMessage';
export { CsatMessage } from '../../components/messages/CsatMessage';
export { EmailInputMessage } from '../../components/messages/EmailInputMessage';
export { FormMessage } from '../../components/messages/FormMessage';
export { OptionsMessage } from '../../components/messages/OptionsMessage';
export { VideoCallMessage } from '../../components/messages/VideoCallMessage';
// Wired to the widget's language, with the English words only these show. The call itself
// opens from a video-call message, which has loaded this chunk already.
export { BotMessage, VideoCall } from '../../views/BotMessage';
export { respond, videoCallUrl } from '../../state/botReplies';
