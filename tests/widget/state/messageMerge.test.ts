import { firstServerId, lastServerId, mergeMessages, orderedMessages, unreadMessages } from '../../../src/widget/state/messageMerge';
import type { ChatMessage, MessageMap } from '../../../src/widget/state/chatMessage';
import { MESSAGE_TYPE, type MessageType, type WidgetMessage } from '../../../src/shared/types';
import { serverMessage as server } from './messageFixtures';

/** One message merged, as a realtime event or a send's answer is. */
const mergeMessage = (map: MessageMap, message: WidgetMessage) => mergeMessages(map, [message]);

/** An optimistic visitor copy keyed by its echo id. */
const local = (echoId: string, content: string, fields: Partial<ChatMessage> = {}): ChatMessage => ({
  id: echoId,
  content,
  message_type: MESSAGE_TYPE.incoming,
  content_attributes: {},
  created_at: 1_700_000_500,
  conversation_id: 0,
  status: 'in_progress',
  echo_id: echoId,
  ...fields,
});

const mapOf = (...messages: ChatMessage[]): MessageMap => new Map(messages.map((m) => [m.id, m]));
const asChat = (message: WidgetMessage, status: ChatMessage['status'] = 'sent'): ChatMessage => ({ ...message, status });

describe('merging a server message', () => {
  it('replaces the optimistic copy that has the same echo_id', () => {
    const map = mapOf(local('echo-1', 'Hello'));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello', echo_id: 'echo-1' })]);
    expect([...next.keys()]).toEqual([501]);
    expect(next.get(501)).toMatchObject({ id: 501, content: 'Hello', status: 'sent' });
  });

  it('replaces the optimistic copy by echo_id even when the server changed its content', () => {
    const map = mapOf(local('echo-1', 'Hello  '));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello', echo_id: 'echo-1' })]);
    expect([...next.keys()]).toEqual([501]);
  });

  it('replaces an in_progress visitor message with the same content when there is no echo_id', () => {
    const map = mapOf(local('echo-1', 'Hello'));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello' })]);
    expect([...next.keys()]).toEqual([501]);
  });

  it('replaces only the first of two in_progress copies with the same content', () => {
    const map = mapOf(local('echo-1', 'ok'), local('echo-2', 'ok'));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'ok' })]);
    expect([...next.keys()].sort()).toEqual([501, 'echo-2'].sort());
  });

  it('does not match by content a copy that already failed', () => {
    const map = mapOf(local('echo-1', 'Hello', { status: 'failed', meta: { error: '' } }));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello' })]);
    expect(next.has('echo-1')).toBe(true);
    expect(next.has(501)).toBe(true);
  });

  it.each([
    ['outgoing', MESSAGE_TYPE.outgoing],
    ['activity', MESSAGE_TYPE.activity],
    ['template', MESSAGE_TYPE.template],
  ])('does not match by content when the server message is %s', (_name, type) => {
    const map = mapOf(local('echo-1', 'Hello'));
    const next = mergeMessages(map, [server(501, { message_type: type as MessageType, content: 'Hello' })]);
    expect(next.has('echo-1')).toBe(true);
    expect(next.size).toBe(2);
  });

  it('does not match by content a message with different content', () => {
    const map = mapOf(local('echo-1', 'Hello'));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello there' })]);
    expect(next.size).toBe(2);
  });

  it('does not remove an in_progress copy when a message it already holds is updated', () => {
    const map = mapOf(asChat(server(501, { message_type: MESSAGE_TYPE.incoming, content: 'ok' })), local('echo-2', 'ok'));
    const next = mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'ok' })]);
    expect(next.has('echo-2')).toBe(true);
  });

  it('updates a message it already holds in place, without a duplicate', () => {
    const map = mapOf(asChat(server(501, { content: 'first' })));
    const next = mergeMessages(map, [server(501, { content: 'edited' })]);
    expect(next.size).toBe(1);
    expect(next.get(501)?.content).toBe('edited');
  });

  it('keeps fields an update leaves out', () => {
    const map = mapOf(asChat(server(501, { sender_type: 'User' }), 'read'));
    const next = mergeMessages(map, [server(501, { content: 'edited' })]);
    expect(next.get(501)).toMatchObject({ sender_type: 'User', status: 'read', content: 'edited' });
  });

  it('stores a new message as sent when the server gives no status', () => {
    const next = mergeMessage(new Map(), server(501));
    expect(next.get(501)?.status).toBe('sent');
  });

  it("keeps the server's status when it gives one", () => {
    const next = mergeMessage(new Map(), server(501, { status: 'delivered' }));
    expect(next.get(501)?.status).toBe('delivered');
  });

  it('never takes a held message’s delivery state back: a late "sent" answer leaves it read', () => {
    const map = mapOf(asChat(server(501, { message_type: MESSAGE_TYPE.incoming }), 'read'));
    expect(mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, status: 'sent' })]).get(501)?.status).toBe('read');
    expect(mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, status: 'delivered' })]).get(501)?.status).toBe('read');
    const delivered = mapOf(asChat(server(502), 'delivered'));
    expect(mergeMessage(delivered, server(502, { status: 'read' })).get(502)?.status).toBe('read');
    // A failure is no delivery state: it is taken as it comes.
    expect(mergeMessage(delivered, server(502, { status: 'failed' })).get(502)?.status).toBe('failed');
  });

  it('removes a held message that arrives deleted', () => {
    const map = mapOf(asChat(server(501)), asChat(server(502)));
    const next = mergeMessages(map, [server(501, { content_attributes: { deleted: true } })]);
    expect([...next.keys()]).toEqual([502]);
  });

  it('drops a deleted message it never held, returning the same map', () => {
    const map = mapOf(asChat(server(502)));
    expect(mergeMessages(map, [server(501, { content_attributes: { deleted: true } })])).toBe(map);
  });

  it('never changes the map it was given', () => {
    const map = mapOf(local('echo-1', 'Hello'));
    mergeMessages(map, [server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello', echo_id: 'echo-1' })]);
    expect([...map.keys()]).toEqual(['echo-1']);
  });
});

describe('merging a page of messages', () => {
  it('merges every message, updating ones already held', () => {
    const map = mapOf(asChat(server(1, { content: 'old' })));
    const next = mergeMessages(map, [server(1, { content: 'new' }), server(2), server(3)]);
    expect([...next.keys()].sort()).toEqual([1, 2, 3]);
    expect(next.get(1)?.content).toBe('new');
  });

  it('leaves out deleted messages in the page', () => {
    const next = mergeMessages(new Map(), [server(1), server(2, { content_attributes: { deleted: true } })]);
    expect([...next.keys()]).toEqual([1]);
  });

  it('keeps the map it was given for an empty page, so nothing is notified', () => {
    const map = mapOf(asChat(server(1)));
    expect(mergeMessages(map, [])).toBe(map);
  });

  it('merges a thousand older messages into two thousand held without touching the map it was given', () => {
    const held = mapOf(...Array.from({ length: 2000 }, (_, i) => asChat(server(1001 + i))));
    const older = Array.from({ length: 1000 }, (_, i) => server(1 + i));
    const next = mergeMessages(held, older);
    expect(next.size).toBe(3000);
    expect(held.size).toBe(2000);
    expect(orderedMessages(next).map((m) => m.id)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
  });
});

describe('display order', () => {
  it('sorts by creation time whatever the insertion order', () => {
    const map = mapOf(
      asChat(server(3, { created_at: 300 })),
      asChat(server(1, { created_at: 100 })),
      asChat(server(2, { created_at: 200 })),
    );
    expect(orderedMessages(map).map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('sorts server messages of the same second by id', () => {
    const map = mapOf(asChat(server(9, { created_at: 100 })), asChat(server(4, { created_at: 100 })));
    expect(orderedMessages(map).map((m) => m.id)).toEqual([4, 9]);
  });

  it('puts an optimistic copy after server messages of the same second', () => {
    const map = mapOf(local('echo-1', 'mine', { created_at: 100 }), asChat(server(4, { created_at: 100 })));
    expect(orderedMessages(map).map((m) => m.id)).toEqual([4, 'echo-1']);
  });

  it('puts an older optimistic copy before newer server messages', () => {
    const map = mapOf(asChat(server(4, { created_at: 200 })), local('echo-1', 'mine', { created_at: 100 }));
    expect(orderedMessages(map).map((m) => m.id)).toEqual(['echo-1', 4]);
  });
});

describe('server ids', () => {
  it('gives the newest and oldest numeric ids, ignoring optimistic copies', () => {
    const map = mapOf(asChat(server(40)), local('zzz', 'x'), asChat(server(7)), asChat(server(12)));
    expect(lastServerId(map)).toBe(40);
    expect(firstServerId(map)).toBe(7);
  });

  it('gives undefined when only optimistic copies are held', () => {
    const map = mapOf(local('a', 'x'));
    expect(lastServerId(map)).toBeUndefined();
    expect(firstServerId(map)).toBeUndefined();
  });

  it('gives undefined for an empty map', () => {
    expect(lastServerId(new Map())).toBeUndefined();
    expect(firstServerId(new Map())).toBeUndefined();
  });
});

describe('unread messages', () => {
  const list = (): ChatMessage[] => [
    asChat(server(1, { message_type: MESSAGE_TYPE.outgoing, created_at: 100 })),
    asChat(server(2, { message_type: MESSAGE_TYPE.incoming, created_at: 200 })),
    asChat(server(3, { message_type: MESSAGE_TYPE.outgoing, created_at: 300 })),
    asChat(server(4, { message_type: MESSAGE_TYPE.activity, created_at: 400 })),
    asChat(server(5, { message_type: MESSAGE_TYPE.template, created_at: 500 })),
  ];

  it('counts only outgoing messages newer than the last-seen time', () => {
    expect(unreadMessages(list(), 150).map((m) => m.id)).toEqual([3]);
  });

  it('does not count an outgoing message created in the same second as last seen', () => {
    expect(unreadMessages(list(), 300)).toEqual([]);
  });

  it('counts every outgoing message when the last-seen time is unknown', () => {
    expect(unreadMessages(list(), undefined).map((m) => m.id)).toEqual([1, 3]);
  });

  it('never counts visitor, activity or template messages', () => {
    expect(unreadMessages(list(), 0).map((m) => m.id)).toEqual([1, 3]);
  });
});

// In gateway mode the server is Chatwoot, which stores no echo_id: its answer to a send and its
// history pages carry none, and only its realtime event may. The widget adds the echo_id it sent
// to the answer itself (state/messages.ts), so each arrival order leaves one copy.
describe('merging sends when the server keeps no echo_id (gateway mode)', () => {
  const sent = server(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello' });
  const answer = { ...sent, echo_id: 'echo-1' };

  it.each([
    ['the answer, then the realtime event', [answer, sent]],
    ['the realtime event or a gap fill, then the answer', [sent, answer]],
    ['the answer, then a gap fill and the realtime event', [answer, sent, sent]],
  ])('shows the message once after %s', (_order, arrivals) => {
    const merged = arrivals.reduce(mergeMessage, mapOf(local('echo-1', 'Hello')) as MessageMap);
    expect([...merged.keys()]).toEqual([501]);
  });

  it('shows two pictures sent together once each, whatever order their events arrive in', () => {
    const picture = (id: number) => server(id, { message_type: MESSAGE_TYPE.incoming, content: null });
    let map: MessageMap = mapOf(local('echo-a', '', { content: null }), local('echo-b', '', { content: null }));
    map = mergeMessage(map, picture(602));
    map = mergeMessage(map, picture(601));
    map = mergeMessage(map, { ...picture(601), echo_id: 'echo-a' });
    map = mergeMessage(map, { ...picture(602), echo_id: 'echo-b' });
    expect([...map.keys()].sort()).toEqual([601, 602]);
  });
});
