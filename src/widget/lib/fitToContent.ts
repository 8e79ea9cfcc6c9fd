/**
 * Makes a text box as tall as what it holds (its placeholder, while empty), up to its CSS
 * `max-height`, past which it scrolls. Where CSS `field-sizing: content` works, the stylesheet
 * does this and so this does nothing. Safari before 26.2 (and WebKitGTK 2.50, Safari 26.0's
 * engine) and older Firefox lack it: there a one-row box showed one line of a long message
 * and, in Safari, cut its placeholder off.
 */
export function fitToContent(box: HTMLTextAreaElement): void {
  if (globalThis.CSS?.supports('field-sizing', 'content')) return;
  // Back to the stylesheet's height first, so the box can shrink as well as grow; then its border
  // (offset less client height) and what it holds. A height set through the CSSOM is allowed
  // under the widget's `style-src 'self'`.
  box.style.height = '';
  box.style.height = `${box.offsetHeight - box.clientHeight + box.scrollHeight}px`;
}
