// @vitest-environment happy-dom
import { outboxPrefix } from '../../../src/shared/outbox';
import { unsentKeys } from '../../../src/widget/lib/unsentMessages';

const hasUnsentMessages = (websiteToken: string) => unsentKeys(websiteToken).length > 0;
import { createStorageStore, outboxStorage, type OutboxEntry } from '../../../src/widget/state/outboxStore';

const entry = (echoId: string, order: number): OutboxEntry => ({ echoId, visitor: 'v', owner: 't', order, content: echoId });

describe("the outbox's store in the frame's localStorage", () => {
  afterEach(() => localStorage.clear());

  it('gives its entries back in the order they were written, whatever their echo ids', () => {
    const store = createStorageStore('web-token');
    store.put(entry('zzz', 1));
    store.put(entry('aaa', 2));
    store.put(entry('mmm', 3));
    expect(
      createStorageStore('web-token')
        .entries()
        .map((e) => e.echoId),
    ).toEqual(['zzz', 'aaa', 'mmm']);
  });

  it('says an earlier page left messages unsent until the last one is removed', () => {
    const store = createStorageStore('web-token');
    expect(hasUnsentMessages('web-token')).toBe(false);
    store.put(entry('one', 1));
    store.put(entry('two', 2));
    store.remove('one');
    expect(hasUnsentMessages('web-token')).toBe(true);
    store.remove('two');
    expect(hasUnsentMessages('web-token')).toBe(false);
  });

  it('keeps each inbox apart, and forgets only its own', () => {
    localStorage.setItem('site-key', 'the host page’s own');
    const [first, second] = [createStorageStore('inbox-1'), createStorageStore('inbox-2')];
    first.put(entry('one', 1));
    second.put(entry('two', 2));
    expect(second.entries().map((e) => e.echoId)).toEqual(['two']);
    first.forget();
    expect(hasUnsentMessages('inbox-1')).toBe(false);
    expect(second.entries().map((e) => e.echoId)).toEqual(['two']);
    expect(localStorage.getItem('site-key')).toBe('the host page’s own');
  });

  it('skips an entry it cannot read instead of failing', () => {
    const store = createStorageStore('web-token');
    localStorage.setItem(`${outboxPrefix('web-token')}broken`, '{not json');
    store.put(entry('one', 1));
    expect(store.entries().map((e) => e.echoId)).toEqual(['one']);
  });

  it('throws nothing where storage is blocked or full: the message is only not kept beyond the page', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.stubGlobal('localStorage', new Proxy({}, { get: blocked, ownKeys: blocked }));
    try {
      const store = createStorageStore('web-token');
      expect(() => store.put(entry('one', 1))).not.toThrow();
      expect(store.entries()).toEqual([]);
      expect(() => store.forget()).not.toThrow();
      expect(hasUnsentMessages('web-token')).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

// A cross-site frame may store nothing of its own: the loader keeps the entries in the host page's
// storage (docs/behaviour.md#the-outbox-across-pages), handing the frame what it kept in `config-set`.
describe("the outbox's store in the host page's storage, through the loader", () => {
  afterEach(() => localStorage.clear());

  const loader = (kept: Record<string, string> | undefined) => {
    const host = { kept: () => kept, keep: vi.fn<(key: string, value?: string) => void>() };
    return { host, store: createStorageStore('web-token', outboxStorage(host)) };
  };

  it('reads what the loader kept, and writes each change through to it, not to the frame', () => {
    const left = entry('left', 1);
    const { host, store } = loader({ [`${outboxPrefix('web-token')}left`]: JSON.stringify(left) });
    expect(store.entries()).toEqual([left]);
    store.put(entry('new', 2));
    store.remove('left');
    expect(store.entries().map((e) => e.echoId)).toEqual(['new']);
    expect(host.keep.mock.calls).toEqual([
      [`${outboxPrefix('web-token')}new`, JSON.stringify(entry('new', 2))],
      [`${outboxPrefix('web-token')}left`, undefined],
    ]);
    expect(localStorage.length).toBe(0);
  });

  it('forgets every entry through the loader', () => {
    const { host, store } = loader({});
    store.put(entry('one', 1));
    store.put(entry('two', 2));
    store.forget();
    expect(store.entries()).toEqual([]);
    expect(host.keep.mock.calls.filter(([, value]) => value === undefined).map(([key]) => key)).toEqual(
      ['one', 'two'].map((id) => `${outboxPrefix('web-token')}${id}`),
    );
  });

  it("keeps in the frame's storage where no loader keeps the outbox (a popout), and turns to the host's once the loader says it does", () => {
    let kept: Record<string, string> | undefined;
    const host = { kept: () => kept, keep: vi.fn() };
    const store = createStorageStore('web-token', outboxStorage(host));
    store.put(entry('popout', 1));
    expect(hasUnsentMessages('web-token')).toBe(true);
    kept = {};
    store.put(entry('framed', 2));
    expect(host.keep).toHaveBeenCalledWith(`${outboxPrefix('web-token')}framed`, JSON.stringify(entry('framed', 2)));
    expect(store.entries().map((e) => e.echoId)).toEqual(['framed']);
  });
});
