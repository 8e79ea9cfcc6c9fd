// @vitest-environment happy-dom
import { BASE, clearCookies, destroyWidgets, fakeCreateFrame, frames, setupRuntime, TOKEN } from './harness';
import { requestedLanguages } from './fakeLazyParts';

vi.mock('../../../src/sdk/runtime/frame', () => ({ createFrame: (options: never) => fakeCreateFrame(options) }));
vi.mock('../../../src/sdk/runtime/lazyParts', () => import('./fakeLazyParts'));

// happy-dom keeps an expired cookie as an empty value where browsers drop it: both read as unset.
/** This inbox's conversation cookie. */
const CONVERSATION = `cw_conversation_${TOKEN}`;
const cookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) || undefined;
const errors: unknown[] = [];
const onError = (event: Event) => errors.push((event as CustomEvent).detail);

beforeEach(() => addEventListener('chatwoot:error', onError));
afterEach(() => {
  destroyWidgets();
  removeEventListener('chatwoot:error', onError);
  errors.length = 0;
  frames.length = 0;
  clearCookies();
  document.body.replaceChildren();
  // The launcher sits after <body> (it survives body swaps), so it goes on its own.
  for (const host of document.querySelectorAll('#wren-chat')) host.remove();
  history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('loading the frame', () => {
  it('creates no frame until the chat is opened', () => {
    const { chatwoot, frame } = setupRuntime();
    expect(frame()).toBeUndefined();
    chatwoot.toggle('open');
    const src = new URL(frame()!.options.src);
    expect(src.origin + src.pathname).toBe(`${BASE}/widget`);
    expect(src.searchParams.get('website_token')).toBe(TOKEN);
    expect(src.searchParams.has('cw_conversation')).toBe(false);
    expect(frame()!.options.origin).toBe(BASE);
  });

  it('passes the conversation cookie and the locale to /widget', () => {
    document.cookie = `${CONVERSATION}=jwt-old; path=/`;
    const { chatwoot, frame } = setupRuntime({ locale: 'pt_BR' });
    chatwoot.preload();
    const src = new URL(frame()!.options.src);
    expect(src.searchParams.get('cw_conversation')).toBe('jwt-old');
    expect(src.searchParams.get('locale')).toBe('pt_BR');
  });

  it('answers "loaded" with config-set, the open state, the layout and the page, then the queued calls in order', () => {
    document.cookie = `cw_snooze_campaigns_till=${Date.now() + 5000}; path=/`;
    const { chatwoot, frame, load, launcher } = setupRuntime({ showPopoutButton: true, welcomeTitle: 'Hi' });
    chatwoot.setCustomAttributes({ plan: 'pro' });
    chatwoot.setColorScheme('dark');
    chatwoot.setUser('u-1', { email: 'ana@example.com' });
    chatwoot.setLabel('vip');
    expect(frame()!.sent).toEqual([]);
    load();
    const [config, open, layout, page, ...rest] = frame()!.sent;
    expect(config).toMatchObject({
      event: 'config-set',
      showPopoutButton: true,
      welcomeTitle: 'Hi',
      darkMode: 'dark',
      position: 'right',
      showUnreadMessagesDialog: true,
    });
    expect(config.campaignsSnoozedTill).toBe(Number(cookie('cw_snooze_campaigns_till')));
    expect(open).toEqual({ event: 'toggle-open', isOpen: false });
    expect(layout).toMatchObject({ event: 'toggle-close-button' });
    expect(page).toEqual({ event: 'change-url', referrerURL: location.href, referrerHost: location.host });
    expect(rest.map((m) => m.event)).toEqual(['set-custom-attributes', 'set-color-scheme', 'set-user', 'set-label']);
    expect(rest[2]).toEqual({ event: 'set-user', identifier: 'u-1', user: { email: 'ana@example.com' } });
    expect(chatwoot.hasLoaded).toBe(true);
    expect(launcher.root.classList.contains('loaded')).toBe(true);
  });

  it("takes the inbox's colour for the launcher unless the site chose one", () => {
    const { chatwoot, launcher, load } = setupRuntime();
    const setColor = vi.spyOn(launcher, 'setColor');
    chatwoot.toggle('open');
    load('jwt-1', { widgetColor: '#ff0000' });
    expect(setColor).toHaveBeenCalledWith('#ff0000');
  });

  it('sends calls straight to a loaded frame', () => {
    const { chatwoot, load, frame } = setupRuntime();
    chatwoot.toggle('open');
    load();
    frame()!.sent.length = 0;
    chatwoot.deleteCustomAttribute('plan');
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    expect(frame()!.sent).toEqual([
      { event: 'delete-custom-attribute', customAttribute: 'plan' },
      { event: 'toggle-open', isOpen: false },
      { event: 'toggle-open', isOpen: true },
      { event: 'push-event', eventName: 'webwidget.triggered' },
    ]);
  });
});

describe('the conversation cookie', () => {
  it('is written on "loaded" after the visitor opened the chat', () => {
    const { chatwoot, load } = setupRuntime();
    chatwoot.toggle('open');
    load('jwt-new');
    expect(cookie(CONVERSATION)).toBe('jwt-new');
  });

  it('is held back for a frame loaded for a campaign until the visitor opens the chat', async () => {
    const { chatwoot, load } = setupRuntime();
    chatwoot.preload([
      { id: 1, trigger_rules: { url: `${location.origin}/*`, time_on_page: 5 }, trigger_only_during_business_hours: false },
    ]);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    load('jwt-campaign');
    expect(cookie(CONVERSATION)).toBeUndefined();
    chatwoot.toggle('open');
    expect(cookie(CONVERSATION)).toBe('jwt-campaign');
  });

  it('is refreshed for a returning visitor, and written at once with loadEagerly', () => {
    document.cookie = `${CONVERSATION}=jwt-old; path=/`;
    const returning = setupRuntime();
    returning.chatwoot.preload();
    returning.load('jwt-old-2');
    expect(cookie(CONVERSATION)).toBe('jwt-old-2');
    clearCookies();
    const eager = setupRuntime({ loadEagerly: true });
    eager.chatwoot.preload();
    eager.load('jwt-eager');
    expect(cookie(CONVERSATION)).toBe('jwt-eager');
  });

  it("takes over from Chatwoot's cookie for the site: the frame continues its visitor, and the token is stored as the inbox's", () => {
    document.cookie = 'cw_conversation=jwt-chatwoot; path=/';
    const { chatwoot, frame, load } = setupRuntime();
    chatwoot.preload();
    expect(new URL(frame()!.options.src).searchParams.get('cw_conversation')).toBe('jwt-chatwoot');
    load('jwt-renewed');
    expect(cookie(CONVERSATION)).toBe('jwt-renewed');
  });

  it('is rewritten by setAuthCookie, within baseDomain', () => {
    const writes = vi.spyOn(document, 'cookie', 'set');
    const { chatwoot, load, fromWidget } = setupRuntime({ baseDomain: '.example.com' });
    chatwoot.toggle('open');
    load();
    fromWidget('setAuthCookie', { data: { widgetAuthToken: 'jwt-identified' } });
    expect(writes.mock.calls.at(-1)![0]).toMatch(new RegExp(`^${CONVERSATION}=jwt-identified; .*domain=\\.example\\.com`));
  });
});

describe('identifying the visitor', () => {
  it('loads the frame, stores the identity and a hash of it', () => {
    const { chatwoot, frame } = setupRuntime();
    chatwoot.setUser(42, { name: 'Ana' });
    expect(frame()).toBeDefined();
    expect(chatwoot.identifier).toBe(42);
    expect(chatwoot.user).toEqual({ name: 'Ana' });
    expect(cookie(`cw_user_${TOKEN}`)).toMatch(/^[0-9a-f]+$/);
  });

  it('sends nothing for an unchanged identity on a known conversation', () => {
    document.cookie = `${CONVERSATION}=jwt-old; path=/`;
    const first = setupRuntime();
    first.chatwoot.setUser('u-1', { name: 'Ana' });
    frames.length = 0;
    const again = setupRuntime();
    again.chatwoot.setUser('u-1', { name: 'Ana' });
    expect(again.frame()).toBeUndefined();
    expect(again.chatwoot.identifier).toBeUndefined();
  });

  it('is sent again when the conversation cookie is gone', () => {
    setupRuntime().chatwoot.setUser('u-1', { name: 'Ana' });
    frames.length = 0;
    const again = setupRuntime();
    again.chatwoot.setUser('u-1', { name: 'Ana' });
    again.load();
    expect(again.sentEvents()).toContain('set-user');
  });

  it('reports a refused identity as chatwoot:error with the server body and forgets the hash', () => {
    const { chatwoot, load, fromWidget } = setupRuntime();
    chatwoot.setUser('u-1', { email: 'ana@example.com', identifier_hash: 'wrong' });
    load();
    fromWidget('error', { errorType: 'SET_USER_ERROR', data: { error: 'HMAC failed: Invalid Identifier Hash Provided' } });
    expect(errors).toEqual([{ error: 'HMAC failed: Invalid Identifier Hash Provided' }]);
    expect(cookie(`cw_user_${TOKEN}`)).toBeUndefined();
  });
});

describe('a frame that fails to load', () => {
  const notice = (launcher: { shadow: ShadowRoot }) => launcher.shadow.querySelector<HTMLElement>('[role="alert"]');
  /** The notice once its part (the first time, a module to transform) has shown it. */
  const shownNotice = (launcher: { shadow: ShadowRoot }) =>
    vi.waitFor(() => notice(launcher) ?? Promise.reject(new Error('no notice')), { timeout: 10_000 });

  it('gives way to a notice while the chat is open: the chat is unavailable, and nothing else covers the page', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, classes, launcher } = setupRuntime();
    chatwoot.toggle('open');
    const failed = frame()!;
    failed.options.onFail('unknown-token');
    expect(failed.disposed).toBe(true);
    const shown = await shownNotice(launcher);
    expect(chatwoot.isOpen).toBe(true);
    expect(classes()).toEqual(expect.arrayContaining(['open', 'unavailable']));
    expect(shown.textContent).toContain('Chat unavailable');
    expect(shown.textContent).toContain("The chat can't open on this page. Please try again later.");
    expect(warn).toHaveBeenCalledExactlyOnceWith(`Wren: ${BASE} has no inbox with the website token "${TOKEN}"`);
    expect(errors).toEqual([{ error: `Wren: ${BASE} has no inbox with the website token "${TOKEN}"` }]);
  });

  it('warns the console once per problem, however often the visitor tries again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, launcher } = setupRuntime();
    for (const attempt of [1, 2]) {
      chatwoot.toggle('open');
      frame()!.options.onFail('suspended');
      await shownNotice(launcher);
      chatwoot.toggle('close');
      expect(frames).toHaveLength(attempt);
    }
    expect(warn).toHaveBeenCalledExactlyOnceWith(`Wren: the inbox of the website token "${TOKEN}" is suspended`);
    expect(errors).toHaveLength(2);
  });

  it('closes from the notice, by its button or Escape', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, launcher } = setupRuntime();
    chatwoot.toggle('open');
    frame()!.options.onFail('refused');
    const close = (await shownNotice(launcher)).querySelector('button')!;
    expect(close.getAttribute('aria-label')).toBe('Close chat window');
    close.click();
    expect(chatwoot.isOpen).toBe(false);
    chatwoot.toggle('open');
    frame()!.options.onFail('refused');
    (await shownNotice(launcher)).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(chatwoot.isOpen).toBe(false);
  });

  it('leaves nothing on the page when the chat was closed (a frame loaded ahead of a click)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, classes, launcher } = setupRuntime();
    chatwoot.preload();
    frame()!.options.onFail('refused');
    expect(frame()!.disposed).toBe(true);
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(classes()).not.toContain('unavailable');
    expect(notice(launcher)).toBeNull();
  });

  it('is tried again, with the calls it never received, on the next open, without the notice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, load, classes, launcher } = setupRuntime();
    chatwoot.toggle('open');
    chatwoot.setLabel('vip');
    frame()!.options.onFail('refused');
    await shownNotice(launcher);
    chatwoot.toggle('close');
    chatwoot.toggle('open');
    expect(frames).toHaveLength(2);
    await vi.waitFor(() => expect(classes()).not.toContain('unavailable'));
    expect(notice(launcher)).toBeNull();
    load();
    expect(frame()!.sent.map((m) => m.event)).toContain('set-label');
  });

  it('asks the server what is wrong through the notice, and takes a notice it cannot fetch for a server that does not answer', async () => {
    const fetch = vi.fn(async () => new Response('[]', { status: 404 }));
    vi.stubGlobal('fetch', fetch);
    try {
      const { chatwoot, frame } = setupRuntime();
      chatwoot.toggle('open');
      expect(await frame()!.options.diagnose()).toBe('unknown-token');
      expect(fetch).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  describe('while the server does not answer', () => {
    beforeEach(() => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
      localStorage.clear();
    });

    /**
     * Lets the notice's part (a dynamic import) and its words settle, with the clock held: the
     * check runs between real tasks (`setImmediate`, which is not faked), where `vi.waitFor`
     * would move the fake clock on.
     */
    const settle = async (done: () => boolean = () => true) => {
      for (let task = 0; task < 200; task++) {
        await new Promise((resolve) => setImmediate(resolve));
        if (done()) return;
      }
      throw new Error('did not settle');
    };
    const shownNotice = async (launcher: { shadow: ShadowRoot }) => {
      await settle(() => !!notice(launcher));
      return notice(launcher)!;
    };

    it('says so and loads the chat again by itself, 2 s, then 4 s, after each failure, until it loads in place', async () => {
      const { chatwoot, frame, load, classes, launcher } = setupRuntime();
      chatwoot.toggle('open');
      frame()!.options.onFail('unreachable');
      const shown = await shownNotice(launcher);
      expect(shown.textContent).toContain("The chat server isn't answering. Trying again…");
      expect(errors).toEqual([{ error: `Wren: ${BASE} cannot be reached` }]);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(frames).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(frames).toHaveLength(2);
      // The notice stays while the frame loads behind it.
      expect(notice(launcher)).toBe(shown);
      frame()!.options.onFail('timeout');
      await settle();
      await vi.advanceTimersByTimeAsync(3_999);
      expect(frames).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(frames).toHaveLength(3);
      load();
      await settle(() => !notice(launcher));
      expect(classes()).toEqual(expect.arrayContaining(['open', 'loaded']));
      expect(classes()).not.toContain('unavailable');
      expect(chatwoot.isOpen).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(frames).toHaveLength(3);
    });

    it('tries at once when the browser is back online', async () => {
      const { chatwoot, frame, launcher } = setupRuntime();
      chatwoot.toggle('open');
      frame()!.options.onFail('unreachable');
      await shownNotice(launcher);
      dispatchEvent(new Event('online'));
      expect(frames).toHaveLength(2);
    });

    it('stops trying when the visitor closes the window, or the site resets or destroys the widget', async () => {
      for (const end of ['close', 'reset', 'destroy'] as const) {
        const { chatwoot, frame, launcher } = setupRuntime();
        chatwoot.toggle('open');
        frame()!.options.onFail('unreachable');
        await shownNotice(launcher);
        const before = frames.length;
        if (end === 'close') chatwoot.toggle('close');
        else chatwoot[end]();
        await settle();
        await vi.advanceTimersByTimeAsync(60_000);
        dispatchEvent(new Event('online'));
        expect(frames).toHaveLength(before);
        expect(notice(launcher)).toBeNull();
        destroyWidgets();
      }
    });

    it('does not try again a problem that trying cannot mend', async () => {
      const { chatwoot, frame, launcher } = setupRuntime();
      chatwoot.toggle('open');
      frame()!.options.onFail('unknown-token');
      await shownNotice(launcher);
      await vi.advanceTimersByTimeAsync(60_000);
      dispatchEvent(new Event('online'));
      expect(frames).toHaveLength(1);
    });

    it('lists the messages that wait in the page’s storage, oldest first, a file by its size, in their own words', async () => {
      const entry = (echoId: string, order: number, content: string, file?: { size: number }) =>
        localStorage.setItem(
          `wren:outbox:${TOKEN}:${echoId}`,
          JSON.stringify({ echoId, visitor: 'pubsub-1', owner: 'tab-1', order, content, ...(file && { file }) }),
        );
      entry('e2', 20, '');
      entry('e1', 10, '<b>Is anyone there?</b>', { size: 0 });
      entry('e3', 30, '', { size: 1_400_000 });
      localStorage.setItem(`wren:outbox:another-token:e9`, JSON.stringify({ order: 1, content: 'Not this inbox' }));
      const { chatwoot, frame, launcher } = setupRuntime();
      chatwoot.toggle('open');
      frame()!.options.onFail('unreachable');
      const shown = await shownNotice(launcher);
      expect(shown.textContent).toContain('These messages will be sent once the chat is back:');
      expect([...shown.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['File (0 kB)', '', 'File (1.4 MB)']);
      // A text is text, never markup.
      entry('e1', 10, '<b>Is anyone there?</b>');
      dispatchEvent(new Event('online'));
      frame()!.options.onFail('unreachable');
      await settle(() => shown.querySelector('li')!.textContent === '<b>Is anyone there?</b>');
      expect(shown.querySelector('b')).toBeNull();
    });

    it('lists nothing where the consent gate keeps the loader out of the page’s storage', async () => {
      localStorage.setItem(`wren:outbox:${TOKEN}:e1`, JSON.stringify({ echoId: 'e1', order: 1, content: 'Hello' }));
      for (const raw of [{ storage: 'session' as const }, { consent: 'required' as const }]) {
        const { chatwoot, frame, launcher } = setupRuntime(raw);
        chatwoot.toggle('open');
        frame()!.options.onFail('unreachable');
        const shown = await shownNotice(launcher);
        expect(shown.querySelector<HTMLElement>('.notice__waiting')!.hidden).toBe(true);
        expect(shown.querySelectorAll('li')).toHaveLength(0);
        destroyWidgets();
      }
    });
  });
});

describe('the language of what the loader shows', () => {
  beforeEach(() => {
    requestedLanguages.length = 0;
  });

  it("follows the widget's: the launcher's names, its lang and dir, and the frame's title", async () => {
    const { chatwoot, frame, fromWidget, launcher } = setupRuntime();
    chatwoot.toggle('open');
    expect(launcher.root.lang).toBe('en');
    fromWidget('setBubbleLabel', { label: 'تحدث معنا', locale: 'ar' });
    await vi.waitFor(() => expect(launcher.root.lang).toBe('ar'));
    expect(launcher.root.dir).toBe('rtl');
    expect(launcher.bubble.getAttribute('aria-label')).toBe('إغلاق نافذة المحادثة');
    expect(launcher.bubble.title).toBe('إغلاق نافذة المحادثة');
    expect(frame()!.element.title).toBe('نافذة المحادثة');
    chatwoot.toggle('close');
    expect(launcher.bubble.getAttribute('aria-label')).toBe('تحدث معنا');
    expect(launcher.bubble.title).toBe('فتح نافذة المحادثة');
  });

  it("starts in the site's language, and follows setLocale without a frame", async () => {
    const { chatwoot, launcher } = setupRuntime({ locale: 'pt-BR' });
    await vi.waitFor(() => expect(launcher.root.lang).toBe('pt-BR'));
    expect(launcher.bubble.title).toBe('Abrir janela do chat');
    chatwoot.setLocale('he');
    await vi.waitFor(() => expect(launcher.root.lang).toBe('he'));
    expect(launcher.root.dir).toBe('rtl');
    expect(requestedLanguages).toEqual(['pt_BR', 'he']);
  });

  it('words the unavailable notice in the language of the moment', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { chatwoot, frame, launcher } = setupRuntime({ locale: 'de' });
    await vi.waitFor(() => expect(launcher.root.lang).toBe('de'));
    chatwoot.toggle('open');
    frame()!.options.onFail('unknown-token');
    const notice = await vi.waitFor(() => launcher.shadow.querySelector('[role="alert"]') ?? Promise.reject(new Error('no notice')));
    await vi.waitFor(() => expect(notice.textContent).toContain('Chat nicht verfügbar'));
    chatwoot.setLocale('ja');
    await vi.waitFor(() => expect(notice.textContent).toContain('チャットは利用できません'));
  });

  it('fetches nothing for English, which the runtime carries', async () => {
    const { chatwoot, fromWidget } = setupRuntime({ locale: 'en_GB' });
    chatwoot.toggle('open');
    fromWidget('setBubbleLabel', { label: 'Chat with us', locale: 'en' });
    await new Promise((resolve) => setTimeout(resolve));
    expect(requestedLanguages).toEqual([]);
  });
});

describe('the popout window', () => {
  it('closes the chat and opens a 400×600 window named after the website token, with the conversation', () => {
    const focus = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus } as unknown as Window);
    document.cookie = `${CONVERSATION}=jwt-9; path=/`;
    const { chatwoot } = setupRuntime({ locale: 'fr' });
    chatwoot.toggle('open');
    chatwoot.popoutChatWindow();
    expect(chatwoot.isOpen).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${BASE}/widget?cw_conversation=jwt-9&website_token=${TOKEN}&locale=fr`,
      `webwidget_session_${TOKEN}`,
      'resizable=off,width=400,height=600',
    );
    expect(focus).toHaveBeenCalled();
  });

  it("opens for the widget header's popout button too", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus() {} } as unknown as Window);
    const { fromWidget, load, chatwoot } = setupRuntime();
    chatwoot.toggle('open');
    load();
    fromWidget('popoutChatWindow', {});
    expect(open).toHaveBeenCalledTimes(1);
    expect(chatwoot.isOpen).toBe(false);
  });
});

describe('the launcher icon', () => {
  it('is a cross while the window is open, and a chat bubble again when it closes', () => {
    const { chatwoot, launcher } = setupRuntime();
    const chat = launcher.icon.getAttribute('d');
    chatwoot.toggle('open');
    expect(launcher.icon.getAttribute('d')).not.toBe(chat);
    expect(launcher.icon.getAttribute('d')).toMatch(/^M45 30/);
    chatwoot.toggle('close');
    expect(launcher.icon.getAttribute('d')).toBe(chat);
  });

  it('has its tooltip once the runtime is here: "Open chat window", "Close chat window" while open', () => {
    const { chatwoot, launcher } = setupRuntime();
    expect(launcher.bubble.title).toBe('Open chat window');
    chatwoot.toggle('open');
    expect(launcher.bubble.title).toBe('Close chat window');
    chatwoot.toggle('close');
    expect(launcher.bubble.title).toBe('Open chat window');
  });
});

describe('reset and destroy', () => {
  it('reset removes the frame and the next open starts a fresh anonymous session', () => {
    const { chatwoot, frame, load, fromWidget, classes } = setupRuntime();
    chatwoot.toggle('open');
    load('jwt-1');
    fromWidget('handleNotificationDot', { unreadMessageCount: 2 });
    const first = frame()!;
    chatwoot.reset();
    expect(first.disposed).toBe(true);
    expect(chatwoot.hasLoaded).toBe(false);
    expect(cookie(CONVERSATION)).toBeUndefined();
    expect(classes()).not.toContain('unread');
    chatwoot.toggle('open');
    expect(frames).toHaveLength(2);
    expect(new URL(frame()!.options.src).searchParams.has('cw_conversation')).toBe(false);
  });

  it('destroy removes the launcher and the frame, and loads nothing afterwards', () => {
    const { chatwoot, frame, launcher } = setupRuntime();
    chatwoot.toggle('open');
    chatwoot.destroy();
    expect(frame()!.disposed).toBe(true);
    expect(launcher.shadow.host.isConnected).toBe(false);
    chatwoot.preload();
    expect(frames).toHaveLength(1);
  });
});

describe('closing', () => {
  it('returns focus to the launcher, with its focus ring, when focus was inside the chat', () => {
    const { chatwoot, launcher, frame } = setupRuntime();
    chatwoot.toggle('open');
    const focus = vi.spyOn(launcher.bubble, 'focus');
    vi.spyOn(launcher.shadow, 'activeElement', 'get').mockReturnValue(frame()!.element);
    chatwoot.toggle('close');
    // With its focus ring, though the chat was opened with a click (issue 14).
    expect(focus).toHaveBeenCalledExactlyOnceWith({ focusVisible: true });
  });

  it('leaves focus alone when the visitor was elsewhere on the page', () => {
    const { chatwoot, launcher } = setupRuntime();
    chatwoot.toggle('open');
    const focus = vi.spyOn(launcher.bubble, 'focus');
    chatwoot.toggle('close');
    expect(focus).not.toHaveBeenCalled();
  });
});

describe('several widgets on one page', () => {
  it('shows one chat window at a time: opening one closes the other, and a destroyed one hears nothing', () => {
    const support = setupRuntime();
    const sales = setupRuntime();
    support.chatwoot.toggle('open');
    sales.chatwoot.toggle('open');
    expect([support.chatwoot.isOpen, sales.chatwoot.isOpen]).toEqual([false, true]);
    expect(support.classes()).not.toContain('open');
    support.chatwoot.toggle('open');
    expect([support.chatwoot.isOpen, sales.chatwoot.isOpen]).toEqual([true, false]);
    sales.chatwoot.destroy();
    const closed = vi.fn();
    addEventListener('chatwoot:closed', closed);
    setupRuntime().chatwoot.toggle('open');
    removeEventListener('chatwoot:closed', closed);
    // The support widget closed; the destroyed sales widget did nothing.
    expect(closed).toHaveBeenCalledOnce();
  });
});
