// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { PopularArticles, type PopularArticlesProps } from '../../../src/widget/components/PopularArticles';

const LABELS = { title: 'Popular Articles', viewAll: 'View all articles', loading: 'Loading' };
const ARTICLES = [
  { id: 1, title: 'Resetting your password', link: 'hc/acme/articles/reset' },
  { id: 2, title: 'Refunds', link: 'hc/acme/articles/refunds' },
];

function setup(props: Partial<PopularArticlesProps> = {}) {
  const onOpen = vi.fn();
  const onViewAll = vi.fn();
  render(<PopularArticles articles={ARTICLES} loading={false} labels={LABELS} onOpen={onOpen} onViewAll={onViewAll} {...props} />);
  return { onOpen, onViewAll };
}

describe('the popular articles card', () => {
  it('lists each article as a button under the "Popular Articles" heading', () => {
    setup();
    const card = screen.getByRole('region', { name: 'Popular Articles' });
    expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe('Popular Articles');
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual(['Resetting your password', 'Refunds']);
  });

  it('opens the article the visitor picks', () => {
    const { onOpen } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Refunds' }));
    expect(onOpen).toHaveBeenCalledWith(ARTICLES[1]);
  });

  it('offers all the articles with "View all articles"', () => {
    const { onViewAll, onOpen } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'View all articles' }));
    expect(onViewAll).toHaveBeenCalledTimes(1);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('shows a skeleton, named for screen readers, while the list is on its way', () => {
    setup({ articles: [], loading: true });
    expect(screen.getByRole('status').textContent).toBe('Loading');
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.querySelectorAll('.skeleton__bar').length).toBeGreaterThan(1);
  });
});
