// @vitest-environment happy-dom
import { outboxPrefix } from '../../../src/shared/outbox';
import { clearCookies, destroyWidgets, fakeCreateFrame, frames, setupRuntime, TOKEN } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

afterEach(() => {
  destroyWidgets();
  frames.length = 0;
  clearCookies();
  localStorage.clear();
  sessionStorage.clear();
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
});

const key = (echoId: string) => outboxPrefix(TOKEN) + echoId;
const entry = (echoId: string) => JSON.stringify({ echoId, visitor: 'v', owner: 't', order: 1, content: `words of ${echoId}` });
const configSet = (sent: { event: string }[]) => sent.find((m) => m.event === 'config-set') as { outbox?: Record<string, string> };

/** A page whose chat is open and loaded, as the widget sees it. */
function openPage(raw = {}) {
  const page = setupRuntime(raw);
  page.chatwoot.toggle('open');
  page.load('jwt-1');
  return page;
}

// A cross-site frame may have no storage of its own (docs/behaviour.md#the-outbox-across-pages):
// the loader keeps the widget's unsent messages in the host page's, behind the consent gate.
describe("the loader's keeping of the widget's outbox", () => {
  it('keeps and forgets the entries the widget hands it, in the host page’s localStorage', () => {
    const { fromWidget } = openPage();
    fromWidget('outbox', { key: key('one'), value: entry('one') });
    fromWidget('outbox', { key: key('two'), value: entry('two') });
    fromWidget('outbox', { key: key('one') });
    expect(Object.keys(localStorage)).toEqual([key('two')]);
    expect(localStorage.getItem(key('two'))).toBe(entry('two'));
  });

  it('hands the next page’s frame what it kept, and only this inbox’s outbox', () => {
    localStorage.setItem(key('left'), entry('left'));
    localStorage.setItem(`${outboxPrefix('another-inbox')}x`, entry('x'));
    localStorage.setItem('site-key', 'the site’s own');
    const { frame } = openPage();
    expect(configSet(frame()!.sent).outbox).toEqual({ [key('left')]: entry('left') });
  });

  it('writes no other key the widget names, whatever it asks', () => {
    const { fromWidget } = openPage();
    fromWidget('outbox', { key: 'site-key', value: 'overwritten' });
    fromWidget('outbox', { key: `${outboxPrefix('another-inbox')}x`, value: entry('x') });
    fromWidget('outbox', { key: 42, value: 'not a key' } as never);
    expect(localStorage.length).toBe(0);
  });

  it('keeps nothing before consent where the site requires it, and hands nothing kept', () => {
    localStorage.setItem(key('before'), entry('before'));
    const { fromWidget, frame } = openPage({ consent: 'required' });
    expect(configSet(frame()!.sent).outbox).toEqual({});
    fromWidget('outbox', { key: key('one'), value: entry('one') });
    expect(localStorage.getItem(key('one'))).toBeNull();
    fromWidget('consent', { granted: true });
    fromWidget('outbox', { key: key('one'), value: entry('one') });
    expect(localStorage.getItem(key('one'))).toBe(entry('one'));
  });

  it("keeps nothing beyond the page under `storage: 'session'`", () => {
    const { fromWidget, frame } = openPage({ storage: 'session' });
    expect(configSet(frame()!.sent).outbox).toEqual({});
    fromWidget('outbox', { key: key('one'), value: entry('one') });
    expect(localStorage.length).toBe(0);
  });

  it('forgets every entry when the site withdraws consent, and keeps none after', () => {
    localStorage.setItem('site-key', 'the site’s own');
    const { fromWidget, chatwoot } = openPage();
    fromWidget('outbox', { key: key('one'), value: entry('one') });
    chatwoot.setConsent(false);
    expect(Object.keys(localStorage)).toEqual(['site-key']);
    fromWidget('outbox', { key: key('two'), value: entry('two') });
    expect(Object.keys(localStorage)).toEqual(['site-key']);
  });

  it('throws nothing where the host page’s storage is refused', () => {
    const { fromWidget } = openPage();
    const refused = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => fromWidget('outbox', { key: key('one'), value: entry('one') })).not.toThrow();
    refused.mockRestore();
  });
});
