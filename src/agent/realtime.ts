/**
 * The console on the cable (docs/protocol.md#agents-on-the-cable): subscribed as Chatwoot's dashboard
 * subscribes, with the agent's own pubsub token, account and user ids, through the same ActionCable
 * client as the widget; then an event-name → action table over the workspace.
 */
import { createCable } from '../shared/actionCable';
import type { ConversationPushData, MessagePushData, TypingEventData } from '../shared/applicationApi';
import { agentRoomIdentifier, CABLE_PATH, REALTIME_EVENTS, type RealtimeEnvelope } from '../shared/cable';
import type { Workspace } from './state/console';

/** What each event does to the workspace; events not listed (presence) are ignored. */
export function realtimeActions(ws: Workspace): Partial<Record<string, (data: never) => void>> {
  const conversation = (data: ConversationPushData) => ws.conversations.upsert(data);
  const message = (data: MessagePushData) => {
    ws.conversations.noteMessage(data, ws.thread.id.value === data.conversation_id);
    ws.thread.receive(data);
  };
  // Agents' typing comes back on the account stream too (this agent's own included): only the visitor's shows.
  const typing = (on: boolean) => (data: TypingEventData) =>
    data.user.type === 'contact' && ws.conversations.setTyping(data.conversation.id, on);
  return {
    [REALTIME_EVENTS.conversationCreated]: conversation,
    [REALTIME_EVENTS.conversationStatusChanged]: conversation,
    [REALTIME_EVENTS.conversationUpdated]: conversation,
    [REALTIME_EVENTS.messageCreated]: message,
    [REALTIME_EVENTS.messageUpdated]: message,
    [REALTIME_EVENTS.typingOn]: typing(true),
    [REALTIME_EVENTS.typingOff]: typing(false),
  };
}

/** Connects `ws` to the cable of `origin`; returns the disconnect. */
export function connectWorkspace(ws: Workspace, origin: { protocol: string; host: string } = location): () => void {
  const actions = realtimeActions(ws);
  const { profile, accountId } = ws;
  const cable = createCable({
    url: `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}${CABLE_PATH}`,
    pubsubToken: profile.pubsub_token,
    identifierFor: (token) => agentRoomIdentifier(token, accountId, profile.id),
    onEvent: ({ event, data }: RealtimeEnvelope) => actions[event]?.(data as never),
    onDisconnected: () => (ws.connection.value = 'lost'),
    onSubscribed() {
      ws.connection.value = 'live';
      // Whatever happened while the socket was down, or before it was first up, is fetched.
      void ws.resync();
    },
  });
  cable.start();
  return () => cable.stop();
}
