import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import type { RealtimeEventData, RealtimeEventName } from '../../shared/cable';
import type { WidgetState } from './widget';
import { MISSED_PAGE_SIZE } from '../../shared/limits';

/** One optional action per event name: the table the cable's dispatcher routes by (realtime/events.ts). */
export type RealtimeActions = { [E in RealtimeEventName]?: (data: RealtimeEventData[E]) => void };

/**
 * What each realtime event does to widget state (docs/protocol.md#events). Events about
 * another conversation are ignored (docs/behaviour.md#conversation-status).
 */
export function realtimeActions(state: WidgetState, onPubsubToken: (token: string) => void, readOn: () => void): RealtimeActions {
  const { messages, conversation, agents, bridge } = state;
  /** Is this event about the conversation on screen? Unknown conversation: accept. */
  const isCurrent = (conversationId: number | undefined) => {
    const current = conversation.id.value;
    return current === undefined || conversationId === undefined || conversationId === current;
  };
  return {
    'message.created'(message) {
      if (!isCurrent(message.conversation_id)) return;
      messages.merge(message);
      if (conversation.id.value === undefined) conversation.fetch().catch(() => undefined);
      if (message.sender_type === 'User') conversation.stopTyping();
      bridge.send('onEvent', { eventIdentifier: HOST_WINDOW_EVENTS.onMessage, data: message });
      // An agent's reply the visitor is not looking at: the host plays the new-message sound.
      if (message.sender_type === 'User' && (!state.app.isWidgetOpen.value || globalThis.document?.hidden)) bridge.send('playAudio', {});
    },
    'message.updated'(message) {
      if (!isCurrent(message.conversation_id)) return;
      // Only a message held changes: one not held is history not loaded yet, and merging it would
      // show it with a gap above (marking a long conversation read updates every message in it).
      if (messages.map.value.has(message.id)) messages.merge(message);
      const changed = message.previous_changes?.content_attributes?.[1] as Record<string, unknown> | undefined;
      if (changed && 'submitted_values' in changed) {
        bridge.send('onEvent', { eventIdentifier: HOST_WINDOW_EVENTS.onMessage, data: message });
      }
    },
    'conversation.created'(data) {
      // The event carries what a fetch would answer. Fetching here, as well as after the first
      // message's answer and on its `message.created`, made three identical GETs.
      conversation.apply(data);
    },
    'conversation.status_changed'(data) {
      conversation.applyStatus(data.id, data.status);
      // docs/behaviour.md#campaigns: a resolved conversation lets the campaign run again.
      if (data.status === 'resolved' && conversation.id.value === data.id) state.campaigns.reset();
    },
    'conversation.typing_on'(data) {
      if (data.is_private || !isCurrent(data.conversation?.id)) return;
      conversation.startTyping(data.user?.name ?? '');
    },
    'conversation.typing_off'(data) {
      if (isCurrent(data.conversation?.id)) conversation.stopTyping();
    },
    catch_up(page) {
      // Missed while connecting: merged as history is, so a message also heard live shows once
      // and announces itself once; a full page is read on (`readOn`).
      messages.applyMissed(page);
      if (page.payload.length >= MISSED_PAGE_SIZE) readOn();
    },
    'presence.update'(data) {
      agents.applyPresence(data.users ?? {});
    },
    'contact.merged'(data) {
      if (data.pubsub_token) onPubsubToken(data.pubsub_token);
    },
  };
}
