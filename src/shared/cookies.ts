/**
 * The names of the cookies the loader keeps on the host page (Chatwoot's names, so a site moving
 * between Chatwoot and Wren keeps its visitors). Only the loader reads and writes them; the
 * widget and the server meet the conversation token again as the `cw_conversation` parameter.
 */

/** The visitor's widget JWT, written once they engage. */
export const CONVERSATION_COOKIE = 'cw_conversation';

/** Until when campaigns are snoozed, in ms since the epoch. */
export const SNOOZE_COOKIE = 'cw_snooze_campaigns_till';

/** A hash of the identity last sent with `setUser` for this inbox, so an unchanged one is not resent. */
export function userCookie(websiteToken: string): string {
  return `cw_user_${websiteToken}`;
}
