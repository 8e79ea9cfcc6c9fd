/**
 * The loader's runtime: everything that only matters once a visitor engages. It owns the chat
 * frame, the host end of the postMessage bridge and the cookies, and executes the calls that
 * `$chatwoot` validated and queued. Loaded by `sdk.js` on intent, as its own hashed file.
 */
import { HOST_WINDOW_EVENTS, type HostToWidget, type HostUser } from '../../shared/protocol';
import { emit } from '../chatwoot';
import { getCookie, removeCookie, setCookie } from '../cookies';
import type { RuntimeContext } from '../index';
import { sheet } from '../launcher';
import { widgetSettings } from '../settings';
import { createFrame, type ChatFrame } from './frame';
import { userHash } from './userHash';
import css from './window.css';

const MOBILE_QUERY = '(max-width: 668px)';

/** Installs the runtime into a loader that has painted its launcher. */
export function installRuntime({ chatwoot, launcher, settings, raw }: RuntimeContext): void {
  const origin = new URL(chatwoot.baseUrl).origin;
  const userCookie = `cw_user_${chatwoot.websiteToken}`;
  const heightSheet = sheet('');
  launcher.shadow.adoptedStyleSheets = [...launcher.shadow.adoptedStyleSheets, sheet(css), heightSheet];
  const slot = document.createElement('div');
  slot.className = 'window';
  slot.id = 'cw-widget-holder';
  slot.append(Object.assign(document.createElement('div'), { className: 'spinner' }));
  launcher.root.prepend(slot);

  let frame: ChatFrame | null = null;
  let pending: [keyof HostToWidget, unknown][] = [];

  const send = <K extends keyof HostToWidget>(event: K, payload: HostToWidget[K]) => {
    if (chatwoot.hasLoaded && frame) frame.send(event, payload);
    else pending.push([event, payload]);
  };

  const setFrameHeight = (px: number | null) => heightSheet.replaceSync(px ? `.root{--wren-frame-height:${Math.round(px)}px}` : '');

  const handlers: Record<string, (message: Record<string, any>) => void> = {
    loaded(message) {
      const { authToken, channelConfig } = message.config ?? {};
      if (typeof authToken === 'string') setCookie('cw_conversation', authToken, settings.baseDomain);
      if (channelConfig?.widgetColor && !settings.widgetColor) launcher.setColor(channelConfig.widgetColor);
      chatwoot.hasLoaded = true;
      launcher.toggleClass('loaded', true);
      frame!.send('config-set', { ...widgetSettings(raw, settings), locale: chatwoot.locale, darkMode: chatwoot.darkMode, hideMessageBubble: chatwoot.hideMessageBubble });
      frame!.send('toggle-close-button', { isMobile: matchMedia(MOBILE_QUERY).matches });
      frame!.send('change-url', { referrerURL: location.href, referrerHost: location.host });
      // Chatwoot re-sends the user here without its identifier and the widget rejects it;
      // the full pair means a setUser made before the frame existed is never lost.
      if (chatwoot.identifier !== undefined && chatwoot.user) frame!.send('set-user', { identifier: chatwoot.identifier, user: chatwoot.user });
      for (const [event, payload] of pending.splice(0)) frame!.send(event, payload as never);
      frame!.send('toggle-open', { isOpen: chatwoot.isOpen });
    },
    error(message) {
      if (message.errorType === 'SET_USER_ERROR') removeCookie(userCookie, settings.baseDomain);
      emit(HOST_WINDOW_EVENTS.error, message.data);
    },
    onEvent(message) {
      const name = message.eventIdentifier;
      if (typeof name === 'string' && name.startsWith('chatwoot:')) emit(name, message.data);
    },
    setBubbleLabel: (message) => launcher.setLabel(settings.launcherTitle || String(message.label ?? '')),
    setAuthCookie(message) {
      const token = message.data?.widgetAuthToken;
      if (typeof token === 'string') setCookie('cw_conversation', token, settings.baseDomain);
    },
    postback: (message) => emit(HOST_WINDOW_EVENTS.postback, message),
    toggleBubble: () => chatwoot.toggle(),
    closeWindow() {
      chatwoot.toggle('close');
      launcher.toggleClass('unread-view', false);
    },
    closeChat: () => chatwoot.toggle('close'),
    setUnreadMode() {
      launcher.toggleClass('unread-view', true);
      chatwoot.toggle('open');
    },
    resetUnreadMode: () => launcher.toggleClass('unread-view', false),
    updateIframeHeight: (message) => setFrameHeight(message.isFixedHeight ? Number(message.extraHeight) : null),
    handleNotificationDot: (message) => launcher.toggleClass('unread', !chatwoot.hideMessageBubble && message.unreadMessageCount > 0),
    popoutChatWindow: () => chatwoot.popoutChatWindow(),
  };

  const unmountFrame = () => {
    frame?.dispose();
    frame = null;
    chatwoot.hasLoaded = false;
    launcher.toggleClass('loaded', false);
  };

  const mountFrame = () => {
    if (frame) return;
    const url = new URL('/widget', chatwoot.baseUrl);
    url.searchParams.set('website_token', chatwoot.websiteToken);
    const conversation = getCookie('cw_conversation');
    if (conversation) url.searchParams.set('cw_conversation', conversation);
    if (chatwoot.locale) url.searchParams.set('locale', chatwoot.locale);
    frame = createFrame({
      src: url.href,
      origin,
      slot,
      onMessage: (message) => Object.hasOwn(handlers, message.event) && handlers[message.event](message),
      onTimeout() {
        // Never leave an invisible layer over the page: drop the frame, keep the bubble.
        unmountFrame();
        chatwoot.toggle('close');
        emit(HOST_WINDOW_EVENTS.error, { error: 'The chat window failed to load' });
      },
    });
  };

  const calls: Record<string, (...args: any[]) => void> = {
    preload: mountFrame,
    toggle(open: boolean) {
      if (open) mountFrame();
      send('toggle-open', { isOpen: open });
      if (open) send('push-event', { eventName: 'webwidget.triggered' });
    },
    toggleBubbleVisibility: (hideMessageBubble: boolean) => send('sdk-set-bubble-visibility', { hideMessageBubble }),
    setUser(identifier: string | number, user: HostUser) {
      const hash = userHash(identifier, user);
      if (getCookie(userCookie) === hash) return;
      chatwoot.identifier = identifier;
      chatwoot.user = user;
      if (chatwoot.hasLoaded) frame!.send('set-user', { identifier, user });
      else mountFrame();
      setCookie(userCookie, hash, settings.baseDomain);
    },
    reset() {
      pending = [];
      unmountFrame();
    },
  };

  chatwoot.attach({
    call(method, args) {
      if (Object.hasOwn(calls, method)) calls[method](...args);
      else send(method as keyof HostToWidget, args[0] as never);
    },
  });
}
