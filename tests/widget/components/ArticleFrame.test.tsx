// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"navigation":{"disableChildFrameNavigation":true}}}
// (happy-dom would otherwise fetch the article into the frame; each test says what arrived)
import { fireEvent, render, screen } from '@testing-library/react';
import { ArticleFrame } from '../../../src/widget/components/ArticleFrame';

const LABELS = {
  failed: 'There was an error loading the article, please refresh the page and try again.',
  retry: 'Try again',
  loading: 'Loading',
};
const SRC = 'https://chat.example/hc/acme/articles/refunds?show_plain_layout=true&theme=light&locale=en';

const frame = () => document.querySelector('iframe')!;

/** The frame's `load`, with the document it holds as the page sees it (null: unreadable). */
function loads(page: { URL: string; contentType: string } | null) {
  Object.defineProperty(frame(), 'contentDocument', { configurable: true, get: () => page });
  fireEvent.load(frame());
}

describe('the article frame', () => {
  it('frames the page, named by the article, while a skeleton shows', () => {
    render(<ArticleFrame src={SRC} title="Refunds" labels={LABELS} />);
    expect(frame().getAttribute('src')).toBe(SRC);
    expect(frame().getAttribute('title')).toBe('Refunds');
    expect(frame().getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(frame().className).toContain('article-viewer__frame--loading');
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });

  it('shows the page once it has arrived', () => {
    render(<ArticleFrame src={SRC} title="Refunds" labels={LABELS} />);
    loads({ URL: SRC, contentType: 'text/html' });
    expect(frame().className).toBe('article-viewer__frame');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('waits through the blank document a frame starts with', () => {
    render(<ArticleFrame src={SRC} title="Refunds" labels={LABELS} />);
    loads({ URL: 'about:blank', contentType: 'text/html' });
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it.each([
    ['an error answered as JSON (an unknown article)', { URL: SRC, contentType: 'application/json' }],
    ["the browser's own error page, which the widget cannot read", null],
  ])('says the article failed to load for %s, and loads it again on retry', (_what, page) => {
    render(<ArticleFrame src={SRC} title="Refunds" labels={LABELS} />);
    loads(page);
    expect(screen.getByRole('alert').textContent).toContain(LABELS.failed);
    expect(document.querySelector('iframe')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(frame().getAttribute('src')).toBe(SRC);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('says so at once, without a retry that could not help, for a link it may not frame', () => {
    render(<ArticleFrame src={undefined} title="Refunds" labels={LABELS} />);
    expect(screen.getByRole('alert').textContent).toBe(LABELS.failed);
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
