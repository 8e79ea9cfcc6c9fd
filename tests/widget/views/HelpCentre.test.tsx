// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChannelPortal } from '../../../src/shared/types';
import { setLocale } from '../../../src/widget/i18n';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { Home } from '../../../src/widget/views/Home';
import { fakeWidget, type FakeServer } from '../state/widgetFixture';

// Home's help centre (docs/behaviour.md#help-centre): a lazy part, asked for only when the
// inbox has a portal, listing its popular articles in the widget's language.

const PORTAL = {
  id: 3,
  name: 'Acme Help',
  slug: 'acme',
  config: { allowed_locales: ['en', 'fr'], default_locale: 'en' },
} as ChannelPortal;

const articles = (...titles: string[]) => ({
  payload: titles.map((title, i) => ({ id: i + 1, title, slug: `a-${i + 1}`, link: `hc/acme/articles/a-${i + 1}` })),
  meta: { articles_count: titles.length },
});

function setup(portal: ChannelPortal | null, server: FakeServer = {}) {
  const widget = fakeWidget({ conversation: null, ...server });
  Object.assign(widget.state.channel, { websiteName: 'Acme', portal });
  render(
    <WidgetContext.Provider value={widget.state}>
      <Home />
    </WidgetContext.Provider>,
  );
  const articleRequests = () => widget.endpoints.filter((endpoint) => endpoint.path.startsWith('/hc/'));
  return { ...widget, articleRequests };
}

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe("home's popular articles", () => {
  it('lists the portal’s most viewed articles in the widget’s locale', async () => {
    const { articleRequests } = setup(PORTAL, { articles: async () => articles('Resetting your password', 'Refunds') });
    await screen.findByRole('heading', { name: 'Popular Articles' });
    expect(screen.getByRole('button', { name: 'Resetting your password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refunds' })).toBeTruthy();
    expect(articleRequests()).toEqual([
      { method: 'GET', path: '/hc/acme/en/articles.json', query: { page: 1, sort: 'views', status: 1, per_page: 6 } },
    ]);
  });

  it('opens an article in the viewer: the plain layout in the widget’s theme, named by its title', async () => {
    const { navigate, state } = setup(PORTAL, { articles: async () => articles('Refunds') });
    state.app.update({ darkMode: 'dark' });
    fireEvent.click(await screen.findByRole('button', { name: 'Refunds' }));
    expect(navigate).toHaveBeenCalledWith('/article', {
      link: '/hc/acme/articles/a-1?show_plain_layout=true&theme=dark&locale=en',
      title: 'Refunds',
    });
  });

  it("opens the portal's home in the viewer with “View all articles”", async () => {
    const { navigate } = setup(PORTAL, { articles: async () => articles('Refunds') });
    fireEvent.click(await screen.findByRole('button', { name: 'View all articles' }));
    expect(navigate).toHaveBeenCalledWith('/article', {
      link: '/hc/acme/en?show_plain_layout=true&theme=light&locale=en',
      title: 'Acme Help',
    });
  });

  it('shows nothing, and asks for nothing, without a portal', async () => {
    const { articleRequests } = setup(null);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(articleRequests()).toEqual([]);
    expect(screen.queryByText('Popular Articles')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeTruthy();
  });

  it("shows nothing when the portal has no article in the widget's language", async () => {
    await act(() => setLocale('de'));
    const { articleRequests } = setup(PORTAL);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(articleRequests()).toEqual([]);
    expect(document.querySelector('.articles')).toBeNull();
  });

  it("uses the portal's variant of the widget's language", async () => {
    await act(() => setLocale('fr'));
    const { articleRequests } = setup(
      { ...PORTAL, config: { allowed_locales: ['en', 'fr_CA'], default_locale: 'en' } },
      {
        articles: async () => articles('Remboursements'),
      },
    );
    await screen.findByRole('button', { name: 'Remboursements' });
    expect(articleRequests()[0].path).toBe('/hc/acme/fr_CA/articles.json');
    expect(screen.getByRole('heading', { name: 'Articles populaires' })).toBeTruthy();
  });

  it('shows a skeleton while the list loads, and nothing when it failed or is empty', async () => {
    let fail!: (error: Error) => void;
    setup(PORTAL, { articles: () => new Promise((_resolve, reject) => (fail = reject)) });
    await waitFor(() => expect(document.querySelector('.articles--loading')).not.toBeNull());
    await act(async () => fail(new Error('offline')));
    expect(document.querySelector('.articles')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeTruthy();
  });

  it('shows nothing for a portal without published articles', async () => {
    const { articleRequests } = setup(PORTAL);
    await waitFor(() => expect(articleRequests()).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.querySelector('.articles')).toBeNull();
  });
});
