/**
 * The loader's runtime: everything that only matters once a visitor engages (or a campaign or
 * a returning visitor needs the frame). It owns the chat frame, the host end of the
 * postMessage bridge and the cookies, and executes the calls that `$chatwoot` validated and
 * queued. Loaded by `sdk.js` as its own hashed file.
 */
import type { FrameMessage, HostToWidget, HostUser } from '../../shared/protocol';
import { conversationToken, getCookie, SNOOZE_COOKIE, userCookie } from '../../shared/cookies';
import { WREN_CHECKS } from '../../shared/hostApi';
import { languageTag, textDirection } from '../../shared/locales';
import { HOST_WINDOW_EVENTS } from '../../shared/protocol';
import { emit, type HostCall } from '../chatwoot';
import type { RuntimeContext } from '../runtimeContext';
import { sheet } from '../launcher';
import { colorScheme, widgetSettings } from '../settings';
import { createConsent } from './consent';
import { createFrame, type ChatFrame } from './frame';
import { fullScreenWindow } from './fullScreen';
import { widgetHandlers, type WidgetMessageHandlers } from './handlers';
import { createHostLanguage, type HostLanguage } from './hostStrings';
import type { Notice } from './notice';
import { loadCampaignMatcher, loadHostStrings, loadNotice } from './lazyParts';
import { showLauncherState } from './launcherIcon';
import { createSession } from './session';
import { watchUrl } from './urlWatch';
import { WIDGET_MESSAGES } from './widgetMessages';
import { userHash } from './userHash';
import css from './window.css';

/** Chatwoot's breakpoint for the widget's mobile layout (`toggle-close-button`). */
const MOBILE_QUERY = '(max-width: 668px)';

const pageUrl = () => ({ referrerURL: location.href, referrerHost: location.host });
const snoozedTill = () => Number(getCookie(SNOOZE_COOKIE)) || undefined;

/** Installs the runtime into a loader that has painted its launcher. */
export function installRuntime({ chatwoot, launcher, settings, raw, queue }: RuntimeContext): void {
  const origin = new URL(chatwoot.baseUrl).origin;
  // `$chatwoot` reads Chatwoot's defaults for settings the site left out, and its locale and
  // colour scheme normalised (docs/embedding.md#windowchatwoot); sdk.js only carries what the site
  // wrote, to stay small.
  const state = chatwoot as unknown as Record<string, unknown>;
  const defaults = widgetSettings(raw, settings);
  chatwoot.locale = defaults.locale;
  chatwoot.darkMode = defaults.darkMode;
  for (const [key, value] of Object.entries(defaults)) state[key] ??= value;
  const userCookieName = userCookie(chatwoot.websiteToken);
  const heightSheet = sheet('');
  launcher.shadow.adoptedStyleSheets = [...launcher.shadow.adoptedStyleSheets, sheet(css), heightSheet];
  const slot = document.createElement('div');
  slot.className = 'window';
  slot.id = 'cw-widget-holder';
  slot.append(Object.assign(document.createElement('div'), { className: 'spinner' }));
  launcher.root.prepend(slot);
  const fullScreen = fullScreenWindow(launcher.shadow);

  const consent = createConsent(chatwoot.websiteToken, raw);
  const session = createSession(chatwoot.websiteToken, consent, settings.loadEagerly);
  /** Consent given, on the widget's screen or from the page: what waited for it is stored now (the identity is, on the next `setUser`). */
  const grantConsent = () => {
    consent.grant();
    session.store();
    consent.rememberOpen(chatwoot.isOpen);
  };
  const mobile = matchMedia(MOBILE_QUERY);
  let frame: ChatFrame | null = null;
  let campaigns: unknown;
  // The unread or campaign prompt shows in the frame, shrunk to it, while the chat is closed:
  // the launcher stays a launcher and `$chatwoot.isOpen` stays false (docs/protocol.md#the-frame).
  let compact = false;
  let destroyed = false;
  // What the console has been told: one warning per problem and page, however often the chat is tried again.
  const warned = new Set<string>();
  // The notice of a chat that cannot load (runtime/notice/): its own part, fetched the first time
  // the frame fails, or loads (a later outage finds it in the cache then, not on the server that
  // is down); undefined where it cannot be fetched.
  let notice: Promise<Notice | undefined> | undefined;
  const noticePart = () =>
    (notice ??= loadNotice().then(
      ({ createNotice }) => createNotice({ chatwoot, launcher, slot, consent, retry: mountFrame }),
      () => undefined,
    ));
  const stopNotice = () => notice?.then((part) => part?.stop());

  // What the loader shows, in the visitor's language (runtime/hostStrings.ts); `lang` and `dir`
  // are the launcher's own from the start, so the host page's never leak in.
  const speak = (spoken: HostLanguage) => {
    const { locale, strings } = spoken;
    launcher.root.lang = languageTag(locale);
    launcher.root.dir = textDirection(locale);
    const { label, open, close } = strings;
    Object.assign(launcher.names, { label, open, close });
    launcher.setLabel(settings.launcherTitle);
    showLauncherState(launcher, chatwoot.isOpen);
    if (frame) frame.element.title = strings.frame;
    notice?.then((part) => part?.say(spoken));
  };
  const language = createHostLanguage(loadHostStrings, speak);
  speak(language.current);
  language.use(chatwoot.locale);

  // Messages for a frame that has not said `loaded` yet wait in the one queue, in order, after
  // the host calls it held until now have run (sdk.js hands calls here once attached).
  const send = <K extends keyof HostToWidget>(event: K, payload: HostToWidget[K]) => {
    if (chatwoot.hasLoaded && frame) frame.send(event, payload);
    else queue.push([event, [payload]]);
  };
  /** For state the `loaded` handler sends anyway (URL, mobile, open): no point queueing it. */
  const sendIfLoaded = <K extends keyof HostToWidget>(event: K, payload: HostToWidget[K]) => {
    if (chatwoot.hasLoaded) frame?.send(event, payload);
  };

  const setFrameHeight = (px: number | null) => heightSheet.replaceSync(px ? `.root{--wren-frame-height:${Math.round(px)}px}` : '');
  const leaveCompact = () => {
    compact = false;
    launcher.toggleClass('unread-view', false);
    setFrameHeight(null);
  };

  const handlers: WidgetMessageHandlers = {
    ...widgetHandlers({
      chatwoot,
      launcher,
      settings,
      raw,
      session,
      consent,
      answerConsent: (granted) => (granted ? grantConsent() : consent.decline()),
      setFrameHeight,
      setLanguage: (locale) => language.use(locale),
      isCompact: () => compact,
      openCompact() {
        if (chatwoot.isOpen) return;
        compact = true;
        launcher.toggleClass('unread-view', true);
      },
      closeCompact() {
        if (!compact) return false;
        leaveCompact();
        // The widget hears the prompt closed as a close: it marks the messages seen and goes home.
        sendIfLoaded('toggle-open', { isOpen: false });
        return true;
      },
    }),
    loaded(message) {
      const { authToken, channelConfig } = message.config ?? {};
      if (typeof authToken === 'string') session.setToken(authToken);
      if (typeof channelConfig?.widgetColor === 'string' && !settings.widgetColor) launcher.setColor(channelConfig.widgetColor);
      chatwoot.hasLoaded = true;
      launcher.toggleClass('loaded', true);
      const loaded = frame!;
      loaded.send('config-set', {
        ...widgetSettings(raw, settings),
        locale: chatwoot.locale,
        darkMode: colorScheme(chatwoot.darkMode),
        campaignsSnoozedTill: snoozedTill(),
        consent: consent.state(),
        outbox: consent.outbox(),
      });
      loaded.send('toggle-open', openState(chatwoot.isOpen));
      focusIfLauncherHadIt();
      loaded.send('toggle-close-button', { isMobile: mobile.matches });
      loaded.send('change-url', pageUrl());
      // Everything asked before the frame existed, in the order it was asked: a setUser made
      // before `chatwoot:ready` is never lost, and never overtakes an earlier call.
      for (const [event, [payload]] of queue.splice(0)) loaded.send(event as keyof HostToWidget, payload as never);
      // The chat is back, or was never gone: no notice, and its words are fetched while the server answers.
      noticePart().then((part) => {
        part?.stop();
        part?.say(language.current);
      });
    },
  };

  // Keyboard and screen-reader users who open the chat from the launcher land inside it. A
  // site opening it programmatically keeps its own focus: the page is never hijacked.
  const launcherHasFocus = () => launcher.shadow.activeElement === launcher.bubble;
  // Whether the control the widget then focuses shows a focus ring: the frame cannot tell a key
  // from a click, which happened here, on the launcher.
  const openState = (isOpen: boolean): HostToWidget['toggle-open'] =>
    isOpen && launcherHasFocus() ? { isOpen, focusVisible: launcher.bubble.matches(':focus-visible') } : { isOpen };
  const focusIfLauncherHadIt = () => {
    if (chatwoot.isOpen && frame && launcherHasFocus()) frame.element.focus();
  };

  const unmountFrame = () => {
    frame?.dispose();
    frame = null;
    chatwoot.hasLoaded = false;
    launcher.toggleClass('loaded', false);
  };

  const mountFrame = () => {
    if (frame || destroyed) return;
    const url = new URL('/widget', chatwoot.baseUrl);
    url.searchParams.set('website_token', chatwoot.websiteToken);
    const conversation = session.token();
    if (conversation) url.searchParams.set('cw_conversation', conversation);
    if (chatwoot.locale) url.searchParams.set('locale', chatwoot.locale);
    frame = createFrame({
      src: url.href,
      origin,
      slot,
      title: language.current.strings.frame,
      onMessage(message) {
        // Own properties only: an event named "constructor" must not reach Object.prototype.
        if (!Object.hasOwn(handlers, message.event)) return;
        // TypeScript cannot pair a union of events with its handler; `event` picked the right one.
        (handlers[message.event] as (message: FrameMessage) => void)(message);
      },
      // The notice's part fetched from a server that does not answer is the answer.
      diagnose: () => noticePart().then((part) => (part ? part.diagnose() : 'unreachable')),
      onFail(problem) {
        // Never leave an invisible layer over the page: the frame goes. An open window says the
        // chat is unavailable instead, until the visitor closes it or it loads after all; the
        // site's developer reads what is wrong in the console.
        unmountFrame();
        leaveCompact();
        noticePart().then((part) => {
          const error = part ? part.message(problem) : `Wren: ${chatwoot.baseUrl} cannot be reached`;
          if (!warned.has(error)) console.warn(error);
          warned.add(error);
          emit(chatwoot, HOST_WINDOW_EVENTS.error, { error });
          if (!chatwoot.isOpen) return;
          // Without its notice the window would spin for ever: it closes, and the launcher tries again on a click.
          if (!part) return chatwoot.toggle('close');
          // The notice is small, above the launcher: the page around it is the visitor's again.
          fullScreen(false);
          part.show(problem, language.current);
        });
      },
    });
  };

  // The matcher is fetched the first time there are campaigns to match; without it they stay unshown.
  const checkCampaigns = () => {
    if (frame || !campaigns) return;
    loadCampaignMatcher().then(
      async (matcher) => {
        if (await matcher.campaignWantsFrame(campaigns, location.href, snoozedTill())) mountFrame();
      },
      () => undefined,
    );
  };
  const stopWatchingUrl = watchUrl(() => (frame ? sendIfLoaded('change-url', pageUrl()) : checkCampaigns()));
  const onMobileChange = () => sendIfLoaded('toggle-close-button', { isMobile: mobile.matches });
  mobile.addEventListener('change', onMobileChange);
  // One chat window at a time (docs/architecture.md#several-widgets-on-one-page): another widget
  // on the page opening closes this one, as if the visitor had closed it.
  const closeForAnother = (event: Event) => (event as Event & { chatwoot?: unknown }).chatwoot !== chatwoot && chatwoot.toggle('close');
  addEventListener(HOST_WINDOW_EVENTS.opened, closeForAnother);

  // biome-ignore lint/suspicious/noExplicitAny: each entry takes its own arguments, checked by $chatwoot before they are queued
  const calls: Record<string, (...args: any[]) => void> = {
    preload(...list: unknown[]) {
      if (!list.length) return mountFrame();
      campaigns = list[0];
      checkCampaigns();
    },
    toggle(open: boolean) {
      showLauncherState(launcher, open);
      fullScreen(open);
      if (open) mountFrame();
      else stopNotice();
      // The full window replaces a prompt before the widget hears it opened, so the widget
      // turns the prompt into the conversation it announced.
      if (open) leaveCompact();
      sendIfLoaded('toggle-open', openState(open));
      consent.rememberOpen(open);
      if (open) {
        session.engage();
        send('push-event', { eventName: 'webwidget.triggered' });
        focusIfLauncherHadIt();
      }
      // Focus returns to the launcher only when the visitor was inside the chat, with its focus
      // ring: they left with the keyboard (Escape) or must see where focus went. (Only a loaded
      // runtime has a chat to be inside, so sdk.js leaves this to it.)
      else if (launcher.shadow.activeElement) launcher.bubble.focus({ focusVisible: true } as FocusOptions);
    },
    setUser(identifier: string | number, user: HostUser) {
      const hash = userHash(identifier, user);
      // Unchanged identity on a known conversation: the server already has it.
      if (getCookie(userCookieName) === hash && conversationToken(chatwoot.websiteToken)) return;
      chatwoot.identifier = identifier;
      chatwoot.user = user;
      session.engage();
      send('set-user', { identifier, user });
      mountFrame();
      consent.setCookie(userCookieName, hash);
    },
    setLocale(locale = 'en') {
      language.use((chatwoot.locale = locale));
      send('set-locale', { locale });
    },
    setColorScheme(mode: unknown) {
      send('set-color-scheme', { darkMode: (chatwoot.darkMode = colorScheme(mode)) });
    },
    // The frame loads hidden if need be; the visitor sees the message when they open the chat.
    sendMessage(message: string) {
      session.engage();
      mountFrame();
      send('send-message', { message });
    },
    setConsent(granted: boolean) {
      if (granted) {
        grantConsent();
        sendIfLoaded('set-consent', { granted });
        return;
      }
      consent.withdraw();
      // Queued for a frame still loading: the widget must forget what it stored in any case.
      send('set-consent', { granted });
    },
    reset() {
      chatwoot.identifier = chatwoot.user = undefined;
      queue.length = 0;
      unmountFrame();
      leaveCompact();
      launcher.toggleClass('unread', false);
      stopNotice();
      session.reset();
    },
    destroy() {
      destroyed = true;
      stopNotice();
      fullScreen(false);
      queue.length = 0;
      unmountFrame();
      stopWatchingUrl();
      mobile.removeEventListener('change', onMobileChange);
      removeEventListener(HOST_WINDOW_EVENTS.opened, closeForAnother);
    },
  };

  /** Runs one host call: Wren's check, if it has one (sdk.js ran Chatwoot's), then its work. */
  const run = (method: string, args: unknown[]) => {
    if (Object.hasOwn(WREN_CHECKS, method)) (WREN_CHECKS[method as keyof typeof WREN_CHECKS] as (arg: unknown) => void)(args[0]);
    if (Object.hasOwn(calls, method)) calls[method](...args);
    // Every other `$chatwoot` call is passed on to the widget, as it was checked.
    else if (Object.hasOwn(WIDGET_MESSAGES, method)) {
      const [event, field] = WIDGET_MESSAGES[method as keyof typeof WIDGET_MESSAGES];
      // A label or message left out is the empty one, as in Chatwoot.
      send(event, { [field]: args[0] ?? '' } as HostToWidget[typeof event]);
    }
  };
  // From now on a call runs at once, and a bad one throws where it was made.
  chatwoot.attach({ call: run });
  // The calls made before: in order, each bad one thrown in a task of its own, as the snippet's
  // stub's are, so the others still run.
  for (const [method, args] of queue.splice(0) as HostCall[]) {
    try {
      run(method, args);
    } catch (error) {
      setTimeout(() => {
        throw error;
      });
    }
  }
}
