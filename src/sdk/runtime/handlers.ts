import { SNOOZE_COOKIE, userCookie } from '../../shared/cookies';
import type { HostEventName } from '../../shared/hostApi';
import { HOST_WINDOW_EVENTS, type Envelope, type WidgetToHost } from '../../shared/protocol';
import { SNOOZE_MS, snoozeUntil } from '../../shared/campaigns';
import { emit, setTeamAvailability, type Chatwoot } from '../chatwoot';
import { removeCookie } from '../cookies';
import type { Launcher } from '../launcher';
import type { HostSettings, LoaderSettings } from '../settings';
import type { Consent } from './consent';
import type { Session } from './session';
import { createDing } from './ding';

export interface HandlerContext {
  chatwoot: Chatwoot;
  launcher: Launcher;
  settings: LoaderSettings;
  raw: HostSettings;
  session: Session;
  consent: Consent;
  /** The visitor pressed Accept (true) or Decline (false) on the widget's consent screen. */
  answerConsent(granted: boolean): void;
  /** Shows the compact unread/campaign prompt (class `unread-view`) while the chat is closed. */
  openCompact(): void;
  /** Closes the prompt if one shows; false when none does. */
  closeCompact(): boolean;
  isCompact(): boolean;
  /** Fixes the frame height in px (unread view), or lets the CSS decide (null). */
  setFrameHeight(px: number | null): void;
  /** Puts what the loader shows in this language (runtime/hostStrings.ts). */
  setLanguage(locale: string): void;
}

/** One handler per widget → host message, given that message. */
export type WidgetMessageHandlers = { [K in keyof WidgetToHost]?: (message: Envelope<WidgetToHost, K>) => void };

/**
 * What the host does for each widget → host message except `loaded`
 * (docs/protocol.md#widget-to-host). Every payload comes from the widget, so each field is checked
 * before use.
 */
export function widgetHandlers(context: HandlerContext): WidgetMessageHandlers {
  const { chatwoot, launcher, settings, raw, session, consent } = context;
  const ding = createDing();
  let unreadCount: number | undefined;
  const close = () => context.closeCompact() || chatwoot.toggle('close');

  return {
    error(message) {
      // The identity was refused (e.g. a wrong identifier_hash): forget it, so the next
      // setUser is sent again instead of being skipped as unchanged.
      if (message.errorType === 'SET_USER_ERROR') removeCookie(userCookie(chatwoot.websiteToken), settings.baseDomain);
      emit(chatwoot, HOST_WINDOW_EVENTS.error, message.data);
    },
    outbox: ({ key, value }) => typeof key === 'string' && consent.keepOutbox(key, value),
    onEvent(message) {
      // Only Chatwoot's own event names: a widget must not fire arbitrary events on the host.
      const name = message.eventIdentifier;
      if (typeof name === 'string' && name.startsWith('chatwoot:')) emit(chatwoot, name as HostEventName, message.data);
    },
    setBubbleLabel(message) {
      launcher.setLabel(settings.launcherTitle || String(message.label ?? ''));
      // Wren's widget says its language too: the launcher's other names, the frame's title and
      // the unavailable notice follow it (Chatwoot's sends the label alone).
      if (typeof message.locale === 'string') context.setLanguage(message.locale);
    },
    setAuthCookie(message) {
      const token = message.data?.widgetAuthToken;
      if (typeof token === 'string') session.setToken(token);
    },
    setCampaignReadOn() {
      // docs/behaviour.md#campaigns snoozes campaigns for a day (Chatwoot: an hour).
      consent.setCookie(SNOOZE_COOKIE, String(snoozeUntil(Date.now())), SNOOZE_MS / 1000);
    },
    postback: (message) => emit(chatwoot, HOST_WINDOW_EVENTS.postback, message),
    // From a prompt this closes the prompt; otherwise it flips the window, as the launcher does.
    toggleBubble: () => context.closeCompact() || chatwoot.toggle(),
    closeWindow: close,
    closeChat: close,
    setUnreadMode() {
      // The site asked for the red dot only; the widget should not ask, but a stale or
      // foreign widget build might.
      if (raw.showUnreadMessagesDialog !== false) context.openCompact();
    },
    setCampaignMode: () => context.openCompact(),
    resetUnreadMode() {
      // From the prompt, the visitor chose "See new messages" or the campaign: the full window
      // opens (and that is engagement). After the prompt closed there is nothing left to do.
      if (context.isCompact()) chatwoot.toggle('open');
    },
    updateIframeHeight(message) {
      const px = Number(message.extraHeight);
      context.setFrameHeight(message.isFixedHeight && px > 0 ? Math.min(px, innerHeight) : null);
    },
    playAudio: ding,
    handleNotificationDot(message) {
      const count = Number(message.unreadMessageCount) || 0;
      // Hidden with the bubble when the site hides it, back with it when it shows.
      launcher.toggleClass('unread', count > 0);
      // Wren: sites show their own badge from this (docs/embedding.md#events).
      if (count !== unreadCount) emit(chatwoot, HOST_WINDOW_EVENTS.unreadCount, (unreadCount = count));
    },
    popoutChatWindow: () => chatwoot.popoutChatWindow(),
    consent(message) {
      if (typeof message.granted === 'boolean') context.answerConsent(message.granted);
    },
    'team-availability'(message) {
      if (typeof message.available === 'boolean') setTeamAvailability(chatwoot, message.available);
    },
  };
}
