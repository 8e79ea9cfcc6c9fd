/**
 * The cookies (and the one sessionStorage key) the loader keeps on the host page: their names (Chatwoot's, so a site moving
 * between Chatwoot and Wren keeps its visitors) and how they are read. The loader writes them
 * (src/sdk/cookies.ts); the npm package reads the conversation's for a popout; the widget and the
 * server meet the conversation token again as the `cw_conversation` parameter.
 */

/**
 * The visitor's widget JWT for one inbox, written once they engage. One per website token, so
 * several widgets on a page keep a visitor each (docs/embedding.md#cookies-and-storage).
 */
export function conversationCookie(websiteToken: string): string {
  return `cw_conversation_${websiteToken}`;
}

/**
 * Chatwoot's name for it, one per site: read when the inbox's own is missing, so visitors of a
 * site that moves from Chatwoot (or from a Wren before the package) keep their conversation.
 */
export const LEGACY_CONVERSATION_COOKIE = 'cw_conversation';

/** Until when campaigns are snoozed, in ms since the epoch. */
export const SNOOZE_COOKIE = 'cw_snooze_campaigns_till';

/** A hash of the identity last sent with `setUser` for this inbox, so an unchanged one is not resent. */
export function userCookie(websiteToken: string): string {
  return `cw_user_${websiteToken}`;
}

/** Remembers that the visitor (or the site, by `setConsent(true)`) gave consent to storage, when the site requires it. */
export function consentCookie(websiteToken: string): string {
  return `cw_consent_${websiteToken}`;
}

/**
 * Every cookie Wren keeps of the visitor for this inbox, and Chatwoot's one per site: what
 * `reset()` and a withdrawn consent remove (docs/embedding.md#cookies-and-storage).
 */
export function visitorCookies(websiteToken: string): string[] {
  return [
    conversationCookie(websiteToken),
    LEGACY_CONVERSATION_COOKIE,
    userCookie(websiteToken),
    consentCookie(websiteToken),
    SNOOZE_COOKIE,
  ];
}

/** The host page's sessionStorage key that says the chat was open, for `keepOpen`. */
export function keepOpenKey(websiteToken: string): string {
  return `wren:open:${websiteToken}`;
}

/** A first-party cookie of the host page, decoded; undefined when there is none. */
export function getCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** The visitor's widget JWT for this inbox: its own cookie, else Chatwoot's one per site. */
export function conversationToken(websiteToken: string): string | undefined {
  return getCookie(conversationCookie(websiteToken)) || getCookie(LEGACY_CONVERSATION_COOKIE);
}
