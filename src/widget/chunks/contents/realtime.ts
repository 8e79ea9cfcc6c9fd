/**
 * The realtime chunk: the connection and its event table, with the conversation's flow and its
 * outbox (sending and retrying the visitor's messages). One file: whoever sends has the
 * conversation open, where the socket is wanted too, and apart the flow was one more request on
 * every open.
 */
import { createConversationFlow as createFlow, type FlowDeps } from '../../state/conversationFlow';
import { keptFilesChunk } from '../keptFiles';

export { connectRealtime } from '../../realtime/connect';

/**
 * The flow, handed the attachments chunk to keep waiting files beyond the page: its loader rides
 * here, not in the first paint, and the chunk comes only once a file is sent or found kept.
 */
export const createConversationFlow = (deps: FlowDeps) => createFlow(deps, keptFilesChunk);
