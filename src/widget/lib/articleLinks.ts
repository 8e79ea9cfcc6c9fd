/**
 * Help-centre addresses in the widget (docs/protocol.md#help-centre): what home puts in the
 * article viewer's route, and what the viewer agrees to frame.
 */

export interface ViewerOptions {
  theme: 'light' | 'dark';
  /** The help-centre locale (`helpCentreLocale`). */
  locale: string;
}

/**
 * The page the viewer shows for a help-centre `link` (Chatwoot's, relative and without a leading
 * slash, like `hc/acme/articles/returns`): the plain layout, in the widget's theme and locale.
 */
export function articleViewerLink(link: string, { theme, locale }: ViewerOptions): string {
  const params = new URLSearchParams({ show_plain_layout: 'true', theme, locale });
  return `/${link.replace(/^\/+/, '')}?${params}`;
}

/**
 * The URL the viewer may frame for the route's `link`, or undefined: only a help-centre page of
 * the widget's own origin, so an address someone crafted cannot put another site in the widget.
 */
export function articleFrameUrl(link: string | null | undefined, origin: string): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link, `${origin}/widget`);
    return url.origin === origin && url.pathname.startsWith('/hc/') ? url.href : undefined;
  } catch {
    return undefined;
  }
}
