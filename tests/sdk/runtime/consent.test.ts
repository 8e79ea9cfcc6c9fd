// @vitest-environment happy-dom
import { clearCookies, destroyWidgets, fakeCreateFrame, frames, recordCookieWrites, setupRuntime, TOKEN } from './harness';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

afterEach(() => {
  destroyWidgets();
  frames.length = 0;
  delete (document as { cookie?: string }).cookie;
  clearCookies();
  sessionStorage.clear();
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  vi.restoreAllMocks();
});

const REQUIRED = { consent: 'required', keepOpen: true } as const;
const configSet = (sent: { event: string }[]) => sent.find((m) => m.event === 'config-set') as Record<string, unknown>;

/** A visit with consent required: open, the widget's token, an identity and a snoozed campaign. */
function visit(raw = {}) {
  const page = setupRuntime({ ...REQUIRED, ...raw });
  page.chatwoot.toggle('open');
  page.load('jwt-1');
  page.fromWidget('setAuthCookie', { data: { widgetAuthToken: 'jwt-2' } });
  page.chatwoot.setUser('u-1', { name: 'Ana' });
  page.fromWidget('setCampaignReadOn');
  return page;
}

describe("consent: 'required'", () => {
  it('writes no cookie and nothing in storage through a visit, an open and a conversation', () => {
    const writes = recordCookieWrites();
    const { frame } = visit();
    expect(writes).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(configSet(frame()!.sent)).toMatchObject({ consent: 'ask', consentDeclined: 'session', storage: 'persistent' });
  });

  it('hands the token it holds in memory to the next frame of this page only', () => {
    const { chatwoot, frame } = visit();
    chatwoot.reset();
    // reset forgets the visitor: a new frame starts anew.
    chatwoot.toggle('open');
    expect(new URL(frame()!.options.src).searchParams.has('cw_conversation')).toBe(false);
  });

  it('hands the held token to a frame loaded again on this page', () => {
    const { frame, chatwoot } = visit();
    // The frame fails (unmounted), and the next open loads a new one.
    frame()!.options.onFail('timeout');
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    expect(new URL(frame()!.options.src).searchParams.get('cw_conversation')).toBe('jwt-2');
  });

  it('stores what waited once the visitor presses Accept, and the grant for a year', () => {
    const writes = recordCookieWrites();
    const { fromWidget } = visit();
    fromWidget('consent', { granted: true });
    expect(writes.map((w) => w.split(';')[0])).toEqual([`cw_consent_${TOKEN}=granted`, `cw_conversation_${TOKEN}=jwt-2`]);
    expect(writes[0]).toContain(`max-age=${365 * 24 * 60 * 60}`);
  });

  it('asks no more on the next page once granted', () => {
    visit().fromWidget('consent', { granted: true });
    destroyWidgets();
    const next = setupRuntime(REQUIRED);
    next.chatwoot.toggle('open');
    next.load();
    expect(configSet(next.frame()!.sent)).toMatchObject({ consent: 'granted' });
  });

  it('keeps a Decline in memory only: nothing is written, and the next page asks again', () => {
    const writes = recordCookieWrites();
    const { fromWidget, chatwoot } = visit();
    fromWidget('consent', { granted: false });
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    expect(writes).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    destroyWidgets();
    const next = setupRuntime(REQUIRED);
    next.chatwoot.toggle('open');
    next.load();
    expect(configSet(next.frame()!.sent)).toMatchObject({ consent: 'ask' });
  });

  it('takes setConsent(true) from the page: stores what waited and tells the widget', () => {
    const { chatwoot, frame } = visit();
    chatwoot.setConsent(true);
    expect(document.cookie).toContain(`cw_consent_${TOKEN}=granted`);
    expect(document.cookie).toContain(`cw_conversation_${TOKEN}=jwt-2`);
    expect(frame()!.sent.filter((m) => m.event === 'set-consent')).toEqual([{ event: 'set-consent', granted: true }]);
  });

  it('passes the site’s consentDeclined and storage to the widget', () => {
    const { frame } = visit({ consentDeclined: 'none', storage: 'session' });
    expect(configSet(frame()!.sent)).toMatchObject({ consent: 'ask', consentDeclined: 'none', storage: 'session' });
  });
});

describe('setConsent(false): a withdrawal', () => {
  it('removes every Wren cookie and the keepOpen key, and tells the widget, which then has nothing granted', () => {
    const { chatwoot, frame } = visit();
    chatwoot.setConsent(true);
    expect(sessionStorage.length).toBe(1);
    chatwoot.setConsent(false);
    expect(document.cookie.split('; ').filter((c) => /^cw_.+=./.test(c))).toEqual([]);
    expect(sessionStorage.length).toBe(0);
    expect(
      frame()!
        .sent.filter((m) => m.event === 'set-consent')
        .at(-1),
    ).toEqual({ event: 'set-consent', granted: false });
    // And stores nothing after.
    chatwoot.setUser('u-2', { name: 'Bo' });
    expect(document.cookie.split('; ').filter((c) => /^cw_.+=./.test(c))).toEqual([]);
  });

  it('waits for a frame still loading to tell it', () => {
    const { chatwoot, frame, load } = setupRuntime();
    chatwoot.toggle('open');
    chatwoot.setConsent(false);
    load();
    expect(frame()!.sent.filter((m) => m.event === 'set-consent')).toEqual([{ event: 'set-consent', granted: false }]);
    expect(configSet(frame()!.sent)).toMatchObject({ consent: 'declined' });
  });
});

describe("storage: 'session'", () => {
  it('writes session cookies: no Expires, no Max-Age', () => {
    const writes = recordCookieWrites();
    const { chatwoot, load, fromWidget } = setupRuntime({ storage: 'session' });
    chatwoot.toggle('open');
    load('jwt-1');
    chatwoot.setUser('u-1', { name: 'Ana' });
    fromWidget('setCampaignReadOn');
    expect([...new Set(writes.map((w) => w.split('=')[0]))]).toEqual([
      `cw_conversation_${TOKEN}`,
      `cw_user_${TOKEN}`,
      'cw_snooze_campaigns_till',
    ]);
    for (const write of writes) expect(write).not.toMatch(/max-age|expires/i);
  });

  it('keeps a granted consent for the browser session only', () => {
    const writes = recordCookieWrites();
    visit({ storage: 'session' }).fromWidget('consent', { granted: true });
    expect(writes[0]).toMatch(new RegExp(`^cw_consent_${TOKEN}=granted`));
    for (const write of writes) expect(write).not.toMatch(/max-age|expires/i);
  });
});

describe('without consent required', () => {
  it('writes as before, for a year: consent is granted from the start', () => {
    const writes = recordCookieWrites();
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    load('jwt-1');
    expect(writes).toEqual([expect.stringMatching(new RegExp(`^cw_conversation_${TOKEN}=jwt-1; max-age=31536000; path=/; SameSite=Lax$`))]);
    expect(configSet(frame()!.sent)).toMatchObject({ consent: 'granted' });
  });
});
