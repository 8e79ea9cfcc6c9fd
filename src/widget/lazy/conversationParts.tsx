import type { EmojiPickerProps } from '../components/emoji/EmojiPicker';
import { conversationEndChunk } from '../chunks/conversationEnd';
import { emojiPickerChunk } from '../chunks/emojiPicker';
import { interactiveChunk } from '../chunks/interactive';
import { loadChunk } from '../lib/loadChunk';
import { lazyPart } from './part';

/** A resolved conversation's footer: with the header's End Conversation confirmation, which leads to it. */
export const ResolvedConversation = lazyPart(conversationEndChunk, (m) => m.ResolvedConversation);

/** The video call: in the interactive chunk, which the video-call message that opens it has loaded. */
export const VideoCall = lazyPart(interactiveChunk, (m) => m.VideoCall);

/**
 * The emoji picker, fetched when the visitor first opens it, never with the conversation. Its
 * names' file gets the time-out and failure of every lazy part (`lib/loadChunk.ts`), handed in so
 * the picker's chunk shares no code with the first paint (esbuild would split it out of the entry).
 */
export const EmojiPicker = lazyPart(emojiPickerChunk, ({ EmojiPicker: Picker }) => (props: Omit<EmojiPickerProps, 'loadChunk'>) => (
  <Picker {...props} loadChunk={loadChunk} />
));
