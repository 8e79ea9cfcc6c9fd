import { CLOSE_PATH } from '../launcherIcon';

/** What the notice says, in one language. */
export interface NoticeText {
  heading: string;
  detail: string;
  /** The close button's name. */
  close: string;
  /** Above the waiting messages. */
  waiting: string;
  /** Each waiting message as shown, oldest first; none hides the list. */
  items: string[];
}

const SVG_NS = 'http://www.w3.org/2000/svg';

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '') =>
  Object.assign(document.createElement(tag), { className });

/** Sets a text only when it changes: rewriting the same words would announce the alert again on every retry. */
const put = (node: Node, text: string) => {
  if (node.textContent !== text) node.textContent = text;
};

/**
 * The notice's DOM: a short text announced to screen readers as it appears (`role="alert"`), the
 * messages that wait, and its own close button (on a phone, and for a site that hides the
 * launcher, it is the only one); Escape closes it too. Built node by node and filled with
 * `textContent` only: a page that enforces Trusted Types refuses markup strings, and a waiting
 * message is the visitor's own text.
 */
export function createNoticeView(close: () => void) {
  const notice = element('div');
  notice.setAttribute('role', 'alert');
  const heading = element('p', 'notice__heading');
  const detail = element('p');
  const waiting = element('div', 'notice__waiting');
  const waitingHeading = element('p');
  waitingHeading.id = 'wren-notice-waiting';
  const list = element('ul');
  // A long list scrolls; a keyboard user reaches it to scroll it.
  list.tabIndex = 0;
  list.setAttribute('aria-labelledby', waitingHeading.id);
  waiting.append(waitingHeading, list);
  const button = element('button', 'notice__close');
  button.type = 'button';
  // The launcher's cross, in the launcher's 240 × 240 box.
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 240 240');
  svg.setAttribute('aria-hidden', 'true');
  svg.appendChild(document.createElementNS(SVG_NS, 'path')).setAttribute('d', CLOSE_PATH);
  button.append(svg);
  button.onclick = close;
  notice.onkeydown = (event) => event.key === 'Escape' && close();
  notice.append(heading, detail, waiting, button);
  let shownItems = '';

  return {
    element: notice,
    /** Words it in `text`, in the colour scheme `scheme` (`light`, `dark` or `auto`, the site's `darkMode`). */
    render(text: NoticeText, scheme: string) {
      notice.className = `notice ${scheme}`;
      put(heading, text.heading);
      put(detail, text.detail);
      put(waitingHeading, text.waiting);
      button.setAttribute('aria-label', (button.title = text.close));
      waiting.hidden = !text.items.length;
      const items = JSON.stringify(text.items);
      if (items === shownItems) return;
      shownItems = items;
      list.replaceChildren(...text.items.map((item) => Object.assign(element('li'), { textContent: item })));
    },
  };
}
