/**
 * The realtime chunk: the connection and its event table, with the conversation's flow and its
 * outbox (sending and retrying the visitor's messages). One file: whoever sends has the
 * conversation open, where the socket is wanted too, and apart the flow was one more request on
 * every open.
 */
export { connectRealtime } from '../../realtime/connect';
export { createConversationFlow } from '../../state/conversationFlow';
