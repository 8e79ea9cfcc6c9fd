// A scratch app's own code, as an app that installed wren-chat from npm writes it.
import { loadWren, type WrenHandle } from 'wren-chat';

declare const WIDGET_ORIGIN: string;
declare const WEBSITE_TOKEN: string;

const replies = document.querySelector<HTMLUListElement>('#replies')!;

/** Lists the agent's replies the widget reports through its typed event, on the app's own page. */
function showReplies(widget: WrenHandle, label: string): void {
  widget.on('chatwoot:on-message', (message) => {
    if (message.message_type !== 1 || !message.content) return;
    const item = document.createElement('li');
    item.textContent = `${label}: ${message.content}`;
    replies.append(item);
  });
}

const support = loadWren({ baseUrl: WIDGET_ORIGIN, websiteToken: WEBSITE_TOKEN, launcherTitle: 'Chat with support' });
showReplies(support, 'support');
document.querySelector('#ask')!.addEventListener('click', () => support.toggle('open'));

// A second inbox's widget, when the page names one (two widgets on one page).
const salesToken = new URLSearchParams(location.search).get('sales');
if (salesToken) {
  const sales = loadWren({ baseUrl: WIDGET_ORIGIN, websiteToken: salesToken, position: 'left', launcherTitle: 'Talk to sales' });
  showReplies(sales, 'sales');
}
