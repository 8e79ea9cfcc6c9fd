/**
 * The popout: the chat continued in a window of its own, opened by the widget's header button
 * and by the loader's `$chatwoot.popoutChatWindow()` (docs/protocol.md#popout).
 */
import type { HostSettings } from './hostApi';

/**
 * Opens (or, by its window name, refocuses) the widget page of `baseUrl` (an origin, no trailing
 * slash, as Chatwoot's address is built) for this inbox, locale and conversation token, in a
 * window of its own. Call it synchronously inside the click: popup blockers allow nothing later.
 * A browser that refuses (a blocker, a sandboxed page) answers null, which is logged, never
 * thrown at the caller. No host tells the window its settings: a site that asks for consent (the
 * opener cannot tell whether it was given) or keeps to the session gets a window that keeps
 * nothing beyond memory (docs/protocol.md#popout).
 */
export function openPopout(
  baseUrl: string,
  websiteToken: string,
  locale = 'en',
  conversationToken = '',
  settings: Pick<HostSettings, 'consent' | 'storage'> = {},
): void {
  const keepNothing = settings.consent || settings.storage === 'session';
  const popout = window.open(
    `${baseUrl}/widget?cw_conversation=${encodeURIComponent(conversationToken)}&website_token=${encodeURIComponent(websiteToken)}&locale=${locale}${keepNothing ? '&storage=session' : ''}`,
    `webwidget_session_${websiteToken}`,
    'resizable=off,width=400,height=600',
  );
  popout ? popout.focus() : console.warn('Wren: popup blocked');
}
