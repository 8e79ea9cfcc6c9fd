/**
 * URL checks for links, media and frames the widget builds from message data (docs/architecture.md#security:
 * `javascript:` and other unsafe URLs never survive). Always loaded, so kept tiny; the
 * markdown chunk has its own copy of the link rule so it shares no module with the entry.
 */

// A browser's URL parser drops tabs and newlines anywhere and controls or spaces at the ends,
// so `java\tscript:` and ` javascript:` are still `javascript:`; compare without them.
const IGNORED = /[\u0000-\u0020\u007f]/g;
const SCHEME = /^([a-z][a-z\d+.-]*):/i;

/** The URL (trimmed) when its scheme is one of `schemes`, or it has none and relative is allowed. */
function allow(url: unknown, schemes: readonly string[], relative: boolean): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return undefined;
  const scheme = SCHEME.exec(url.replace(IGNORED, ''))?.[1].toLowerCase();
  return (scheme ? schemes.includes(scheme) : relative) ? url.trim() : undefined;
}

/** An absolute http(s) URL, for links and frames that leave the widget (cards, articles, calls). */
export const safeWebUrl = (url: unknown) => allow(url, ['http', 'https'], false);

/**
 * A URL for an attachment's media or download: http(s), a local `blob:` preview while
 * uploading, or a path on the widget's own server (the reference server's `/uploads/…`).
 */
export const safeMediaUrl = (url: unknown) => allow(url, ['http', 'https', 'blob'], true);
