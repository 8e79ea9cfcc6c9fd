export interface BrandingProps {
  brandUrl: string;
  logoUrl?: string;
  referrerHost?: string;
  /** The whole localised line with the brand in it, e.g. "Powered by Wren". */
  label: string;
}

/**
 * The brand link's address (docs/behaviour.md#screens): the source is widget branding, or survey branding
 * when no referrer host is known; the referrer host is added when known.
 */
export function brandingHref(brandUrl: string, referrerHost?: string): string {
  let url: URL;
  try {
    url = new URL(brandUrl);
  } catch {
    // WIDGET_BRAND_URL is installation config and may be empty or relative: never fail the render.
    return brandUrl;
  }
  url.searchParams.set('utm_source', referrerHost ? 'widget_branding' : 'survey_branding');
  if (referrerHost) url.searchParams.set('utm_referrer', referrerHost);
  return url.href;
}

/** "Powered by <brand>", linking to the brand; the shell decides whether it shows. */
export function Branding({ brandUrl, logoUrl, referrerHost, label }: BrandingProps) {
  return (
    <footer className="branding">
      <a href={brandingHref(brandUrl, referrerHost)} target="_blank" rel="noopener noreferrer">
        {logoUrl && <img src={logoUrl} alt="" width={12} height={12} />}
        <span>{label}</span>
      </a>
    </footer>
  );
}
