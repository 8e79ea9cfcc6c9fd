/**
 * The popout: the chat continued in a window of its own, opened by the widget's header button
 * and by the loader's `$chatwoot.popoutChatWindow()` (docs/protocol.md#popout).
 */

/**
 * Opens (or, by its window name, refocuses) the widget page for this inbox, locale and
 * conversation token in a window of its own. Call it synchronously inside the click: popup
 * blockers allow nothing later. A browser that refuses is logged, never thrown at the caller.
 */
export function openPopout(baseUrl: string, websiteToken: string, locale = 'en', conversationToken = ''): void {
  try {
    const url = new URL('/widget', baseUrl);
    url.search = new URLSearchParams({ cw_conversation: conversationToken, website_token: websiteToken, locale }).toString();
    window.open(url.href, `webwidget_session_${websiteToken}`, 'resizable=off,width=400,height=600')?.focus();
  } catch (error) {
    console.error('Wren: could not open the chat window', error);
  }
}
