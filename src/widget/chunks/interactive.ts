/**
 * Bots' interactive message kinds: a lazy chunk (most conversations never show one), loaded by
 * `MessageContent` through `loadInteractive()` the first time such a message appears.
 */
import { adoptStyles } from '../../lib/adoptStyles';
import interactiveCss from '../../styles/interactive.chunk.css';

adoptStyles(interactiveCss);

export { ArticleListMessage } from './ArticleListMessage';
export { CardsMessage } from './CardsMessage';
export { CsatMessage } from './CsatMessage';
export { EmailInputMessage } from './EmailInputMessage';
export { FormMessage } from './FormMessage';
export { InteractiveMessage } from './InteractiveMessage';
export { OptionsMessage } from './OptionsMessage';
export { VideoCallMessage } from './VideoCallMessage';
// The call itself opens from a video-call message, which has loaded this chunk already.
export { VideoCallOverlay } from './VideoCallOverlay';
