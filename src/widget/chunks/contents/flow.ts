/**
 * The flow chunk: what the visitor does in the conversation (`state/conversationFlow.ts`) with its
 * outbox (sending and retrying their messages, keeping unsent ones for the next page), the reply's
 * quote brought in from older history and the transcript's call. Apart from the socket
 * (`contents/realtime.ts`), which an open window needs to show who is online while a visitor who
 * only reads never needs this.
 */
import { createConversationFlow as createFlow, type FlowDeps } from '../../state/conversationFlow';
import { keptFilesChunk } from '../keptFiles';

/**
 * The flow, handed the attachments chunk to keep waiting files beyond the page: its loader rides
 * here, not in the first paint, and the chunk comes only once a file is sent or found kept.
 */
export const createConversationFlow = (deps: FlowDeps) => createFlow(deps, keptFilesChunk);
