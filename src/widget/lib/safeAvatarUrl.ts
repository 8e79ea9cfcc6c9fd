/**
 * The avatar rule, apart from `sanitizeUrl.ts` so that the first paint (header and launcher
 * avatars) does not load the message URL rules: the same reading of a URL as a browser's,
 * which drops tabs, newlines and controls, so `java\tscript:` is still `javascript:`.
 */
const IGNORED = /[\u0000-\u0020\u007f]/g;

/**
 * An avatar image URL (trimmed) when it is http(s) or a path on the widget's own server;
 * anything else (`javascript:`, `data:`, `file:`) gives nothing, and the initial shows.
 */
export function safeAvatarUrl(url: string | null | undefined): string | undefined {
  // http(s), or no scheme at all: a relative path.
  return url && /^(?:https?:|(?![a-z][a-z\d+.-]*:))./i.test(url.replace(IGNORED, '')) ? url.trim() : undefined;
}
