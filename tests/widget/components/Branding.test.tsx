// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { Branding, brandingHref } from '../../../src/widget/components/Branding';

describe('the branding link address', () => {
  it('names widget branding as the source and adds the referrer when the host is known', () => {
    const url = new URL(brandingHref('https://wren.example/', 'shop.example'));
    expect(url.searchParams.get('utm_source')).toBe('widget_branding');
    expect(url.searchParams.get('utm_referrer')).toBe('shop.example');
  });

  it('names survey branding as the source and adds no referrer when no host is known', () => {
    const url = new URL(brandingHref('https://wren.example/'));
    expect(url.searchParams.get('utm_source')).toBe('survey_branding');
    expect(url.searchParams.has('utm_referrer')).toBe(false);
  });

  it('treats an empty referrer host as unknown', () => {
    const url = new URL(brandingHref('https://wren.example/', ''));
    expect(url.searchParams.get('utm_source')).toBe('survey_branding');
    expect(url.searchParams.has('utm_referrer')).toBe(false);
  });

  it("keeps the brand URL's own path and query", () => {
    const url = new URL(brandingHref('https://wren.example/about?lang=fr', 'shop.example'));
    expect(url.pathname).toBe('/about');
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('utm_source')).toBe('widget_branding');
  });

  it('replaces a utm_source already in the brand URL rather than repeating it', () => {
    const url = new URL(brandingHref('https://wren.example/?utm_source=old', 'shop.example'));
    expect(url.searchParams.getAll('utm_source')).toEqual(['widget_branding']);
  });

  it.each(['', '/about', 'wren.example'])('does not throw for a brand URL that is not absolute (%j)', (brandUrl) => {
    expect(() => brandingHref(brandUrl, 'shop.example')).not.toThrow();
  });

  it('encodes the referrer host', () => {
    expect(brandingHref('https://wren.example/', 'a&b.example')).toContain('utm_referrer=a%26b.example');
  });
});

describe('the branding footer', () => {
  it('shows "Powered by" and the brand name, linking to the brand in a new tab', () => {
    render(<Branding brandUrl="https://wren.example/" referrerHost="shop.example" label="Powered by Wren" />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Powered by Wren');
    expect(link.getAttribute('href')).toBe('https://wren.example/?utm_source=widget_branding&utm_referrer=shop.example');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the logo when there is one, as decoration', () => {
    const { container } = render(
      <Branding brandUrl="https://wren.example/" logoUrl="https://wren.example/logo.svg" label="Powered by Wren" />,
    );
    const logo = container.querySelector('img')!;
    expect(logo.getAttribute('src')).toBe('https://wren.example/logo.svg');
    expect(logo.getAttribute('alt')).toBe('');
  });

  it('still renders when the brand URL is not configured', () => {
    render(<Branding brandUrl="" referrerHost="shop.example" label="Powered by Wren" />);
    expect(screen.getByText('Powered by Wren')).toBeTruthy();
  });

  it('shows no image without a logo', () => {
    const { container } = render(<Branding brandUrl="https://wren.example/" label="Powered by Wren" />);
    expect(container.querySelector('img')).toBeNull();
  });
});
