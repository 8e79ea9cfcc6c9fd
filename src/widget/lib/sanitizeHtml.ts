import DOMPurify, { type Config } from 'dompurify';

/**
 * Exactly the elements the markdown renderer writes; anything else in its output is a bug or
 * an attack, and DOMPurify drops it (keeping its text).
 */
const CONFIG: Config = {
  ALLOWED_TAGS: [
    ...['a', 'blockquote', 'br', 'code', 'del', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'img', 'li', 'ol', 'p'],
    ...['pre', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul'],
  ],
  ALLOWED_ATTR: ['align', 'alt', 'height', 'href', 'src', 'start'],
  // http(s), mailto and tel, or a path from the root (the renderer's images on the widget's server).
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|\/)/i,
  // DOMPurify checks every attribute not listed as URI-safe against the URI pattern.
  ADD_URI_SAFE_ATTR: ['align', 'height', 'start'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

const IMAGE_SOURCE = /^(?:https?:|\/)/i;

let purifier: ReturnType<typeof DOMPurify> | undefined;

/**
 * A DOMPurify instance of our own, so the link hook never leaks into another user of the
 * library, made on first use (a DOM must exist by then).
 */
function instance() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      // Links in messages leave the widget: a new tab, without `window.opener` or a referrer.
      if (node.nodeName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
      // Images load by themselves: only from the web or the widget's own server, never `mailto:`/`tel:`.
      if (node.nodeName === 'IMG') {
        if (!IMAGE_SOURCE.test(node.getAttribute('src') ?? '')) node.remove();
        else node.setAttribute('loading', 'lazy');
      }
    });
  }
  return purifier;
}

/**
 * Sanitises HTML for a message bubble with a strict allow-list: no styles, event handlers,
 * frames, objects, forms, SVG or MathML; link URLs only http, https, mailto and tel (the
 * renderer writes no other), images only http(s) or from the widget's own server's root. Throws when
 * the browser cannot run DOMPurify, so callers fall back to plain text instead of raw HTML.
 */
export function sanitizeHtml(html: string): string {
  const purify = instance();
  if (!purify.isSupported) throw new Error('HTML sanitising is not supported here');
  return purify.sanitize(html, CONFIG) as string;
}
