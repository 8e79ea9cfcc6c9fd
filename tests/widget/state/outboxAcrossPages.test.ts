// @vitest-environment happy-dom
import { signal } from '@preact/signals-react';
import { ApiError } from '../../../src/widget/api/client';
import { createConversationModel } from '../../../src/widget/state/conversation';
import { createMessagesModel } from '../../../src/widget/state/messages';
import { createKeptMessages } from '../../../src/widget/state/keptMessages';
import { createOutbox } from '../../../src/widget/state/outbox';
import type { OutboxElection } from '../../../src/widget/state/outboxElection';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';
import { createStorageStore, type OutboxEntry, type OutboxStore } from '../../../src/widget/state/outboxStore';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { fakeRequest, serverMessage, type PendingCall } from './messageFixtures';

/**
 * The frame's storage as the pages of one site share it: entries outlive each page's outbox. An
 * inbox of its own per test, since the pages of earlier tests still listen for `online`.
 */
let inbox = 0;
const siteStorage = (): OutboxStore => createStorageStore(`web-token-${++inbox}`);

/** Tabs as Web Locks tell them apart: those in `alive` still hold their lock. */
function tabs() {
  const alive = new Set<string>();
  return {
    alive,
    election(tab: string): OutboxElection {
      alive.add(tab);
      return { tab, exclusive: (task) => task(), living: async () => (owner) => alive.has(owner) };
    },
  };
}

const posted = (call: PendingCall) => (call.endpoint.body as { message: { content: string; echo_id: string } }).message;
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** One page of the site: its messages model and outbox, on the shared storage. */
function page(storage: OutboxStore, election: OutboxElection, { visitor = 'visitor-a', allowed = signal(true) } = {}) {
  const fake = fakeRequest();
  const messages = createMessagesModel(fake.request);
  const outbox = createOutbox({
    messages,
    conversation: createConversationModel(fake.request),
    request: fake.request,
    referrer: () => 'https://shop.example/cart',
    connectionLost: signal(false),
    kept: createKeptMessages({ allowed, store: storage, election, visitor: () => visitor }, messages),
  });
  const sendText = (content: string) => outbox.send(messages.addLocal({ content }));
  const answer = (call: PendingCall, id: number) =>
    call.resolve(serverMessage(id, { message_type: MESSAGE_TYPE.incoming, content: posted(call).content, echo_id: posted(call).echo_id }));
  return { ...fake, messages, outbox, sendText, answer };
}

const stored = async (storage: OutboxStore) => (await storage.entries()).map((entry) => entry.content);

describe('the outbox across pages of the site', () => {
  afterEach(() => localStorage.clear());

  it('writes a message to storage before it is posted, and deletes it once the server has stored it', async () => {
    const storage = siteStorage();
    const first = page(storage, tabs().election('tab-1'));
    const request = vi.mocked(first.request);
    const put = vi.spyOn(storage, 'put');
    first.sendText('Hello');
    expect(put).toHaveBeenCalledWith(expect.objectContaining({ content: 'Hello', visitor: 'visitor-a', owner: 'tab-1' }));
    expect(put.mock.invocationCallOrder[0]).toBeLessThan(request.mock.invocationCallOrder[0]);
    expect(posted(first.calls[0]).echo_id).toBe(put.mock.calls[0][0].echoId);
    first.answer(first.calls[0], 501);
    await flushPromises();
    expect(await stored(storage)).toEqual([]);
  });

  it('keeps it while the server cannot be reached, and deletes it when the server refuses it', async () => {
    const storage = siteStorage();
    const first = page(storage, tabs().election('tab-1'));
    first.sendText('Hello');
    await flushPromises();
    first.calls[0].reject(new ApiError('network'));
    await flushPromises();
    expect(await stored(storage)).toEqual(['Hello']);
    dispatchEvent(new Event('online'));
    await flushPromises();
    first.calls[1].reject(new ApiError('bad_request', 422, { error: 'no' }));
    await flushPromises();
    expect(await stored(storage)).toEqual([]);
    expect(first.messages.list.value[0]).toMatchObject({ status: 'failed' });
  });

  it('shows what the last page left unsent as waiting, and sends it first, in order, with the same echo ids', async () => {
    const storage = siteStorage();
    const site = tabs();
    const before = page(storage, site.election('tab-1'));
    before.sendText('one');
    before.sendText('two');
    await flushPromises();
    const echoIds = (await storage.entries()).map((entry) => entry.echoId);
    site.alive.delete('tab-1'); // reloaded: the tab's lock is free

    // The visitor writes on before the stored messages are back: theirs still go first.
    const after = page(storage, site.election('tab-2'));
    after.sendText('three');
    await flushPromises();
    const shown = after.messages.map.value;
    expect(echoIds.map((id) => [shown.get(id)?.content, shown.get(id)?.status])).toEqual([
      ['one', 'in_progress'],
      ['two', 'in_progress'],
    ]);
    expect(after.calls.map((call) => posted(call).echo_id)).toEqual([echoIds[0]]);
    after.answer(after.calls[0], 501);
    await flushPromises();
    after.answer(after.calls[1], 502);
    await flushPromises();
    after.answer(after.calls[2], 503);
    await flushPromises();
    expect(after.calls.map((call) => posted(call).content)).toEqual(['one', 'two', 'three']);
    expect(after.calls.map((call) => posted(call).echo_id).slice(0, 2)).toEqual(echoIds);
    expect(await stored(storage)).toEqual([]);
  });

  it('leaves the messages of a tab still open to that tab: two tabs never both send one', async () => {
    const storage = siteStorage();
    const site = tabs();
    const open = page(storage, site.election('tab-1'));
    open.sendText('Hello');
    await flushPromises();
    const other = page(storage, site.election('tab-2'));
    await flushPromises();
    expect(other.calls).toHaveLength(0);
    expect(other.messages.list.value).toEqual([]);
    // That tab is closed while its message waits: the other takes it on at its next chance.
    open.calls[0].reject(new ApiError('network'));
    await flushPromises();
    site.alive.delete('tab-1');
    dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(other.calls.map((call) => posted(call).content)).toEqual(['Hello']));
  });

  it('never sends a message as another visitor than the one who wrote it', async () => {
    const storage = siteStorage();
    const site = tabs();
    page(storage, site.election('tab-1'), { visitor: 'visitor-a' }).sendText('Hello');
    await flushPromises();
    site.alive.delete('tab-1');
    const someoneElse = page(storage, site.election('tab-2'), { visitor: 'visitor-b' });
    await flushPromises();
    expect(someoneElse.calls).toHaveLength(0);
    expect(await stored(storage)).toEqual(['Hello']);
  });

  it('drops what is older than a day instead of sending it', async () => {
    const storage = siteStorage();
    const old: OutboxEntry = {
      echoId: 'old',
      visitor: 'visitor-a',
      owner: 'gone',
      order: (Date.now() - SEND_WINDOW_MS - 1000) * 1000,
      content: 'Stale',
    };
    storage.put(old);
    const next = page(storage, tabs().election('tab-2'));
    await flushPromises();
    expect(next.calls).toHaveLength(0);
    expect(await stored(storage)).toEqual([]);
  });

  it('drops a message the page’s history already holds (stored before its answer was lost)', async () => {
    const storage = siteStorage();
    storage.put({ echoId: 'e-1', visitor: 'visitor-a', owner: 'gone', order: Date.now() * 1000, content: 'Hello' });
    const fake = fakeRequest();
    const messages = createMessagesModel(fake.request);
    messages.merge(serverMessage(501, { message_type: MESSAGE_TYPE.incoming, content: 'Hello', echo_id: 'e-1' }));
    createOutbox({
      messages,
      conversation: createConversationModel(fake.request),
      request: fake.request,
      referrer: () => '',
      connectionLost: signal(false),
      kept: createKeptMessages(
        { allowed: signal(true), store: storage, election: tabs().election('tab-2'), visitor: () => 'visitor-a' },
        messages,
      ),
    });
    await flushPromises();
    expect(fake.calls).toHaveLength(0);
    expect(messages.list.value.map((m) => m.id)).toEqual([501]);
    expect(await stored(storage)).toEqual([]);
  });

  it('stores nothing while the widget may not, and deletes what it stored when the visitor withdraws consent', async () => {
    const storage = siteStorage();
    const allowed = signal(false);
    const first = page(storage, tabs().election('tab-1'), { allowed });
    first.sendText('Before consent');
    expect(storage.entries()).toEqual([]);
    allowed.value = true;
    first.sendText('After consent');
    expect(storage.entries().map((entry) => entry.content)).toEqual(['After consent']);
    allowed.value = false;
    expect(storage.entries()).toEqual([]);
    // Still sent, from the page's memory.
    first.answer(first.calls[0], 501);
    await flushPromises();
    expect(first.calls.map((call) => posted(call).content)).toEqual(['Before consent', 'After consent']);
  });
});
