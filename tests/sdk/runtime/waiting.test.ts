// @vitest-environment happy-dom
import { outboxPrefix, type OutboxEntry } from '../../../src/shared/outbox';
import { createConsent } from '../../../src/sdk/runtime/consent';
import { waitingMessages } from '../../../src/sdk/runtime/notice/waiting';

const TOKEN = 'web-tok';
/** What the loader's consent gate hands the notice: this inbox's outbox, where it may store. */
const kept = () => createConsent(TOKEN, {}).outbox();
const entry = (echoId: string, order: number, content: string, file?: { size: number }): OutboxEntry => ({
  echoId,
  visitor: 'pubsub-1',
  owner: 'tab-1',
  order,
  content,
  ...(file && { file }),
});

afterEach(() => localStorage.clear());

describe('the messages that wait in the host page’s storage', () => {
  it('are this inbox’s entries under the outbox’s names, in the order they were written', () => {
    const entries = [entry('c', 30, 'third'), entry('a', 10, 'first'), entry('b', 20, '', { size: 2048 })];
    for (const e of entries) localStorage.setItem(outboxPrefix(TOKEN) + e.echoId, JSON.stringify(e));
    localStorage.setItem(`${outboxPrefix('other-inbox')}x`, JSON.stringify(entry('x', 1, 'another inbox')));
    localStorage.setItem('wren:open:web-tok', '1');
    expect(waitingMessages(kept()).map((e) => e.echoId)).toEqual(['a', 'b', 'c']);
    expect(waitingMessages(kept())[1].file).toEqual({ size: 2048 });
  });

  it('leave out what is not an entry', () => {
    localStorage.setItem(`${outboxPrefix(TOKEN)}broken`, '{"order":');
    localStorage.setItem(`${outboxPrefix(TOKEN)}null`, 'null');
    localStorage.setItem(`${outboxPrefix(TOKEN)}no-order`, JSON.stringify({ content: 'hi' }));
    localStorage.setItem(`${outboxPrefix(TOKEN)}ok`, JSON.stringify(entry('ok', 1, 'hi')));
    expect(waitingMessages(kept()).map((e) => e.content)).toEqual(['hi']);
  });
});
