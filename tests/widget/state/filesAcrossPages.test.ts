// @vitest-environment happy-dom
// The visitor's files in the outbox across pages of the site (docs/behaviour.md#the-outbox-across-pages):
// kept with the texts, in their order, within the caps. The bytes' store is an in-memory stand-in
// for the IndexedDB one here (tests/widget/state/keptFiles.test.ts holds that one).
import { signal } from '@preact/signals-react';
import { ApiError } from '../../../src/widget/api/client';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import { outboxFilesDatabase } from '../../../src/shared/outbox';
import { createConversationModel } from '../../../src/widget/state/conversation';
import { fileKeeping, sendFile } from '../../../src/widget/state/fileUpload';
import type { KeptFiles } from '../../../src/widget/state/keptFiles';
import { createKeptMessages, KEPT_FILE_MAX_BYTES, KEPT_FILES_MAX_BYTES } from '../../../src/widget/state/keptMessages';
import { createMessagesModel } from '../../../src/widget/state/messages';
import { createOutbox } from '../../../src/widget/state/outbox';
import type { OutboxElection } from '../../../src/widget/state/outboxElection';
import { createStorageStore, type OutboxStore } from '../../../src/widget/state/outboxStore';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { fakeRequest, serverMessage, type PendingCall } from './messageFixtures';

// An upload's transport (api/uploadWithProgress.ts): the fake request answers instead.
vi.mock('../../../src/widget/api/uploadWithProgress', () => ({
  uploadWithProgress: () => () => Promise.reject(new Error('not sent in this test')),
}));

let inbox = 0;
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));
const photo = (name = 'holiday.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The bytes' store the pages of one site share, and whether it takes what it is given. */
function siteFiles() {
  const bytes = new Map<string, File>();
  const files = {
    bytes,
    refuses: false,
    put: vi.fn(async (echoId: string, file: File) => {
      if (files.refuses) return false;
      bytes.set(echoId, file);
      return true;
    }),
    get: async (echoId: string) => bytes.get(echoId),
    remove: async (echoId: string) => void bytes.delete(echoId),
  } satisfies KeptFiles & Record<string, unknown>;
  return files;
}

/** The site's storage: the outbox's entries and the files' bytes, shared by every page. */
function site() {
  const websiteToken = `web-token-${++inbox}`;
  const alive = new Set<string>();
  return {
    websiteToken,
    store: createStorageStore(websiteToken) as OutboxStore,
    files: siteFiles(),
    alive,
    election(tab: string): OutboxElection {
      alive.add(tab);
      return { tab, exclusive: (task) => task(), living: async () => (owner) => alive.has(owner) };
    },
  };
}
type Site = ReturnType<typeof site>;

/** What a call sent: a text's words, or a file's name, and its echo id. */
function sent(call: PendingCall) {
  const body = (call.endpoint as Endpoint<unknown>).body;
  if (body instanceof FormData)
    return { file: (body.get('message[attachments][]') as File).name, echoId: body.get('message[echo_id]') as string };
  const { message } = body as { message: { content: string; echo_id: string } };
  return { text: message.content, echoId: message.echo_id };
}

/** One page of the site: its messages model and outbox, keeping files where `allowed`; `reading` holds back a kept file's bytes. */
function page(on: Site, tab: string, allowed = signal(true), reading?: Promise<void>) {
  const fake = fakeRequest();
  const messages = createMessagesModel(fake.request);
  const files = { ...on.files, get: async (echoId: string) => (await reading, on.files.get(echoId)) };
  const keeping = { ...fileKeeping(outboxFilesDatabase(on.websiteToken), { messages, request: fake.request }), files };
  const outbox = createOutbox({
    messages,
    conversation: createConversationModel(fake.request),
    request: fake.request,
    referrer: () => 'https://shop.example/cart',
    connectionLost: signal(false),
    kept: createKeptMessages(
      { allowed, store: on.store, election: on.election(tab), visitor: () => 'visitor-a', files: async () => keeping },
      messages,
    ),
  });
  const answer = (call: PendingCall, id: number) =>
    call.resolve(serverMessage(id, { message_type: MESSAGE_TYPE.incoming, content: sent(call).text ?? null, echo_id: sent(call).echoId }));
  return {
    ...fake,
    messages,
    answer,
    sendText: (content: string) => outbox.send(messages.addLocal({ content })),
    sendPhoto: (file = photo()) => sendFile({ messages, request: fake.request, outbox }, file),
  };
}

describe("the outbox's files across pages of the site", () => {
  afterEach(() => localStorage.clear());

  it('keeps a file, its bytes written before its upload leaves, and forgets both once the server has stored it', async () => {
    const on = site();
    const first = page(on, 'tab-1');
    first.sendPhoto();
    expect(on.store.entries()).toEqual([expect.objectContaining({ content: '', file: { size: 2048 } })]);
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    expect(on.files.put.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(first.request).mock.invocationCallOrder[0]);
    const { echoId } = sent(first.calls[0]);
    expect([...on.files.bytes.keys()]).toEqual([echoId]);
    expect(on.store.entries()[0].echoId).toBe(echoId);
    first.answer(first.calls[0], 501);
    await flushPromises();
    expect(on.store.entries()).toEqual([]);
    expect(on.files.bytes.size).toBe(0);
  });

  it('shows the texts and files the last page left in place, waiting, and sends them in order with their echo ids', async () => {
    const on = site();
    const before = page(on, 'tab-1');
    before.sendText('one');
    before.sendPhoto(photo('plan.png'));
    before.sendText('three');
    await flushPromises();
    before.calls[0].reject(new ApiError('network'));
    await flushPromises();
    const echoIds = on.store.entries().map((entry) => entry.echoId);
    expect(echoIds).toHaveLength(3);
    on.alive.delete('tab-1'); // reloaded: the tab's lock is free

    const after = page(on, 'tab-2');
    await vi.waitFor(() => expect(after.calls).toHaveLength(1));
    const shown = after.messages.map.value.get(echoIds[1]);
    expect(shown).toMatchObject({ status: 'in_progress', attachments: [expect.objectContaining({ fallback_title: 'plan.png' })] });
    for (const [i, id] of [501, 502, 503].entries()) {
      await vi.waitFor(() => expect(after.calls).toHaveLength(i + 1));
      after.answer(after.calls[i], id);
      await flushPromises();
    }
    expect(after.calls.map(sent)).toEqual([
      { text: 'one', echoId: echoIds[0] },
      { file: 'plan.png', echoId: echoIds[1] },
      { text: 'three', echoId: echoIds[2] },
    ]);
    expect(on.store.entries()).toEqual([]);
    expect(on.files.bytes.size).toBe(0);
  });

  it('sends a file past the caps from the page only: larger than one file may be, or than what is kept already leaves room for', async () => {
    const on = site();
    // Another tab, still open, keeps files up to the total cap but one byte.
    on.store.put({
      echoId: 'other',
      visitor: 'visitor-a',
      owner: 'tab-0',
      order: 1,
      content: '',
      file: { size: KEPT_FILES_MAX_BYTES - 1 },
    });
    on.alive.add('tab-0');
    const first = page(on, 'tab-1');
    first.sendPhoto(photo('small.png', 2));
    first.sendPhoto(photo('large.png', KEPT_FILE_MAX_BYTES + 1));
    on.store.remove('other');
    first.sendPhoto(photo('fits.png', 2));
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    expect(on.store.entries().map((entry) => entry.file?.size)).toEqual([2]);
    for (const [i, id] of [501, 502, 503].entries()) {
      await vi.waitFor(() => expect(first.calls).toHaveLength(i + 1));
      first.answer(first.calls[i], id);
      await flushPromises();
    }
    expect(first.calls.map((call) => sent(call).file)).toEqual(['small.png', 'large.png', 'fits.png']);
  });

  it('sends a file storage refused from the page, leaving no entry behind for the next', async () => {
    const on = site();
    on.files.refuses = true;
    const first = page(on, 'tab-1');
    first.sendPhoto();
    await vi.waitFor(() => expect(first.calls).toHaveLength(1));
    expect(on.store.entries()).toEqual([]);
    expect(sent(first.calls[0]).file).toBe('holiday.png');
  });

  it('drops a kept file whose bytes storage lost instead of sending an empty message', async () => {
    const on = site();
    on.store.put({ echoId: 'e-1', visitor: 'visitor-a', owner: 'gone', order: Date.now() * 1000, content: '', file: { size: 2048 } });
    on.store.put({ echoId: 'e-2', visitor: 'visitor-a', owner: 'gone', order: Date.now() * 1000 + 1, content: 'After it' });
    const next = page(on, 'tab-2');
    await vi.waitFor(() => expect(next.calls).toHaveLength(1));
    expect(sent(next.calls[0])).toEqual({ text: 'After it', echoId: 'e-2' });
    expect(next.messages.map.value.has('e-1')).toBe(false);
    expect(on.store.entries().map((entry) => entry.echoId)).toEqual(['e-2']);
  });

  it('shows a kept message once when the catch-up brings it stored while an earlier kept file is read', async () => {
    const on = site();
    // The last page's upload and text reached the server, but the page went before their answers,
    // and after this page's data was made: this page's catch-up brings them while it takes them on.
    const now = Date.now() * 1000;
    on.store.put({ echoId: 'e-1', visitor: 'visitor-a', owner: 'gone', order: now, content: '', file: { size: 2048 } });
    on.store.put({ echoId: 'e-2', visitor: 'visitor-a', owner: 'gone', order: now + 1, content: 'After it' });
    on.files.bytes.set('e-1', photo());
    let read: () => void = () => undefined;
    const next = page(on, 'tab-2', signal(true), new Promise<void>((done) => (read = done)));
    await flushPromises();
    next.messages.applyMissed({
      payload: [
        serverMessage(501, { message_type: MESSAGE_TYPE.incoming, content: null, echo_id: 'e-1' }),
        serverMessage(502, { message_type: MESSAGE_TYPE.incoming, content: 'After it', echo_id: 'e-2' }),
      ],
      meta: {},
    });
    read();
    for (let i = 0; i < 5; i++) await flushPromises();
    expect(next.messages.list.value.map((message) => message.id)).toEqual([501, 502]);
    // Nothing is sent again, and nothing of theirs is kept any more.
    expect(next.calls).toHaveLength(0);
    expect(on.store.entries()).toEqual([]);
    await vi.waitFor(() => expect(on.files.bytes.size).toBe(0));
  });

  it('keeps no file while the widget may not store, and deletes the files’ database when the visitor withdraws consent', async () => {
    const deleteDatabase = vi.fn();
    vi.stubGlobal('indexedDB', { deleteDatabase });
    try {
      const on = site();
      const allowed = signal(false);
      const first = page(on, 'tab-1', allowed);
      first.sendPhoto();
      await vi.waitFor(() => expect(first.calls).toHaveLength(1));
      expect(on.store.entries()).toEqual([]);
      expect(on.files.put).not.toHaveBeenCalled();
      allowed.value = true;
      deleteDatabase.mockClear();
      allowed.value = false;
      expect(deleteDatabase).toHaveBeenCalledWith(outboxFilesDatabase(on.websiteToken));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
