import { MESSAGE_TYPE, type DeliveryStatus, type WidgetMessage } from '../../shared/types';
import type { ChatMessage, MessageMap } from './chatMessage';

const isDeleted = (message: Pick<WidgetMessage, 'content_attributes'>) => !!message.content_attributes?.deleted;

/** How far a stored message has got, in order: it only moves forward. */
const DELIVERY: DeliveryStatus[] = ['sent', 'delivered', 'read'];

/**
 * Merges messages from the server (an HTTP response, a realtime event, a history page, an `after`
 * gap fill, a jump back to a quote) into the map, following docs/behaviour.md#sending-messages:
 * - `content_attributes.deleted` removes it;
 * - it replaces the optimistic copy with the same `echo_id`, or else the first local
 *   `in_progress` visitor message with the same content (Chatwoot's only de-duplication rule);
 * - a message already held is updated in place, never duplicated, and its delivery state never
 *   goes back (a send's HTTP answer, 'sent', can arrive after the realtime 'read' of an agent
 *   who had the conversation open).
 * One pass and one copy of the map, however many messages, so a page of 1,000 into 2,000 held
 * stays linear. Returns the same map when nothing changed, so signals do not notify needlessly.
 */
export function mergeMessages(map: MessageMap, incoming: readonly WidgetMessage[]): MessageMap {
  const next = new Map(map);
  let changed = false;
  for (const message of incoming) changed = mergeInto(next, message) || changed;
  return changed ? next : map;
}

/** Merges into `next` in place; false when nothing changed (a deletion of a message not held). */
function mergeInto(next: Map<number | string, ChatMessage>, incoming: WidgetMessage): boolean {
  if (isDeleted(incoming)) return next.delete(incoming.id);
  const echo = incoming.echo_id;
  if (!(echo && next.delete(echo)) && incoming.message_type === MESSAGE_TYPE.incoming && !next.has(incoming.id)) {
    for (const [id, local] of next) {
      if (typeof id === 'string' && local.status === 'in_progress' && local.content === incoming.content) {
        next.delete(id);
        break;
      }
    }
  }
  const previous = next.get(incoming.id);
  const status = incoming.status ?? previous?.status ?? 'sent';
  const rank = DELIVERY.indexOf(status);
  const behind = previous && rank >= 0 && rank < DELIVERY.indexOf(previous.status);
  next.set(incoming.id, { ...previous, ...incoming, status: behind ? previous.status : status });
  return true;
}

/** Messages in display order: by creation time, optimistic copies after server ones of the same second. */
export function orderedMessages(map: MessageMap): ChatMessage[] {
  return [...map.values()].sort(
    (a, b) => a.created_at - b.created_at || (typeof a.id === 'number' ? (typeof b.id === 'number' ? a.id - b.id : -1) : 1),
  );
}

/** The newest (`newest`) or oldest server id held. */
function serverIdAtEdge(map: MessageMap, newest: boolean): number | undefined {
  let edge: number | undefined;
  for (const id of map.keys()) if (typeof id === 'number' && (edge === undefined || id > edge === newest)) edge = id;
  return edge;
}

/** The newest message id the server gave us: where a gap fill (`after=`) starts. */
export const lastServerId = (map: MessageMap) => serverIdAtEdge(map, true);

/** The oldest server id: where loading older history (`before=`) starts. */
export const firstServerId = (map: MessageMap) => serverIdAtEdge(map, false);

/** docs/behaviour.md#unread: outgoing messages newer than the visitor's last-seen time. */
export function unreadMessages(messages: readonly ChatMessage[], lastSeenAt: number | undefined): ChatMessage[] {
  return messages.filter((m) => m.message_type === MESSAGE_TYPE.outgoing && (lastSeenAt === undefined || m.created_at > lastSeenAt));
}
