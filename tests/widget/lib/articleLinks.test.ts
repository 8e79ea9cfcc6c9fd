import { articleFrameUrl, articleViewerLink } from '../../../src/widget/lib/articleLinks';

const ORIGIN = 'https://chat.example';

describe('the article viewer link', () => {
  it("opens Chatwoot's relative link in the plain layout, with the widget's theme and the help-centre locale", () => {
    expect(articleViewerLink('hc/acme/articles/refunds', { theme: 'dark', locale: 'pt_BR' })).toBe(
      '/hc/acme/articles/refunds?show_plain_layout=true&theme=dark&locale=pt_BR',
    );
    expect(articleViewerLink('/hc/acme/en', { theme: 'light', locale: 'en' })).toBe(
      '/hc/acme/en?show_plain_layout=true&theme=light&locale=en',
    );
  });
});

describe('what the viewer frames', () => {
  it("is a help-centre page of the widget's own origin", () => {
    expect(articleFrameUrl('/hc/acme/articles/refunds?show_plain_layout=true', ORIGIN)).toBe(
      'https://chat.example/hc/acme/articles/refunds?show_plain_layout=true',
    );
    expect(articleFrameUrl('hc/acme/en', ORIGIN)).toBe('https://chat.example/hc/acme/en');
  });

  it.each([
    ['another site', 'https://evil.example/hc/acme/articles/x'],
    ['a protocol-relative address', '//evil.example/hc/acme'],
    ['a script URL', 'javascript:alert(1)'],
    ['a page outside the help centre', '/widget?website_token=x'],
    ['a path that climbs out of it', '/hc/../widget'],
    ['nothing', ''],
    ['no link at all', null],
  ])('is nothing for %s', (_what, link) => {
    expect(articleFrameUrl(link, ORIGIN)).toBeUndefined();
  });
});
