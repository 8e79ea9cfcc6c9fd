import { sheet } from '../launcher';

/**
 * The open chat on a phone (window.css's full-screen rule, docs/behaviour.md#phones). iOS Safari
 * and Android Chrome show the on-screen keyboard by shrinking the visual viewport only, so a
 * `position: fixed` window sized to the page would keep its composer under the keyboard: the
 * window takes the visual viewport's height and offset instead, as they change. And the host
 * page under it does not scroll meanwhile (a swipe that reaches the end of the chat's scroller
 * would move it): its root stops scrolling, by a constructable stylesheet on the document (CSP
 * `style-src 'self'` allows it; the page's own `style` attribute stays untouched), which keeps
 * the page where the visitor left it and gives it back as it was on close. Both only under the
 * width where the window is full screen; on larger screens the page scrolls beside the chat.
 *
 * Returns the switch: on while the chat window is open.
 */
export function fullScreenWindow(shadow: ShadowRoot): (open: boolean) => void {
  const viewportSheet = sheet('');
  const pageLock = sheet('@media (max-width:667px){html{overflow:hidden!important}}');
  shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, viewportSheet];
  let following: AbortController | undefined;
  return (open) => {
    if (open === !!following) return;
    if (!open) {
      following!.abort();
      following = undefined;
      viewportSheet.replaceSync('');
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== pageLock);
      return;
    }
    following = new AbortController();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, pageLock];
    // Read when the window opens, not at install: the object is the browser's for the page's life.
    const viewport = window.visualViewport;
    if (!viewport) return;
    const follow = () =>
      viewportSheet.replaceSync(`.root{--wren-viewport-top:${viewport.offsetTop}px;--wren-viewport-height:${viewport.height}px}`);
    follow();
    for (const type of ['resize', 'scroll']) viewport.addEventListener(type, follow, { signal: following.signal });
  };
}
