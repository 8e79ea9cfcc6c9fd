import type { Endpoint } from '../../../src/widget/api/endpoints';
import { createArticlesModel } from '../../../src/widget/state/articles';
import type { Request } from '../../../src/widget/state/request';

const article = (id: number, title = `Article ${id}`) => ({
  id,
  title,
  slug: `a-${id}`,
  link: `hc/acme/articles/a-${id}`,
  content: 'x',
  views: 0,
});

/** A model over a fake server whose answers the test settles one by one. */
function setup() {
  const calls: { endpoint: Endpoint; resolve(value: unknown): void; reject(error: unknown): void }[] = [];
  const request = vi.fn(
    (endpoint: Endpoint) =>
      new Promise((resolve, reject) => {
        calls.push({ endpoint, resolve, reject });
      }),
  );
  return { model: createArticlesModel(request as unknown as Request), request, calls };
}

describe('the popular articles model', () => {
  it('asks for page 1 of the most viewed published articles, six of them', async () => {
    const { model, calls } = setup();
    const done = model.fetch('acme', 'pt_BR');
    expect(model.isFetching.value).toBe(true);
    expect(calls[0].endpoint).toEqual({
      method: 'GET',
      path: '/hc/acme/pt_BR/articles.json',
      query: { page: 1, sort: 'views', status: 1, per_page: 6 },
    });
    calls[0].resolve({ payload: [article(1), article(2)], meta: { articles_count: 2 } });
    await done;
    expect(model.isFetching.value).toBe(false);
    expect(model.list.value).toEqual([
      { id: 1, title: 'Article 1', link: 'hc/acme/articles/a-1' },
      { id: 2, title: 'Article 2', link: 'hc/acme/articles/a-2' },
    ]);
  });

  it('keeps at most six, and drops entries without a title or a way to open them', async () => {
    const { model, calls } = setup();
    const done = model.fetch('acme', 'en');
    calls[0].resolve({
      payload: [
        null,
        { id: 9 },
        { id: 8, title: 'No link' },
        { id: 10, title: '', link: 'hc/acme/articles/x' },
        ...[1, 2, 3, 4, 5, 6, 7].map((id) => article(id)),
      ],
    });
    await done;
    expect(model.list.value.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('makes the link from the slug when the server sends none (older Chatwoot)', async () => {
    const { model, calls } = setup();
    const done = model.fetch('acme help', 'en');
    calls[0].resolve({ payload: [{ id: 1, title: 'Refunds', slug: 'refunds' }] });
    await done;
    expect(model.list.value).toEqual([{ id: 1, title: 'Refunds', link: 'hc/acme%20help/articles/refunds' }]);
  });

  it('keeps the list for the session: the same portal and locale are not fetched again', async () => {
    const { model, calls, request } = setup();
    const done = model.fetch('acme', 'en');
    // Home rendered again while the list is on its way: no second request either.
    model.fetch('acme', 'en');
    calls[0].resolve({ payload: [article(1)] });
    await done;
    await model.fetch('acme', 'en');
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('sets the error flag when the fetch fails, and tries again next time', async () => {
    const { model, calls } = setup();
    const failed = model.fetch('acme', 'en');
    calls[0].reject(new Error('offline'));
    await failed;
    expect(model.hasError.value).toBe(true);
    expect(model.isFetching.value).toBe(false);
    expect(model.list.value).toEqual([]);

    const again = model.fetch('acme', 'en');
    expect(model.hasError.value).toBe(false);
    calls[1].resolve({ payload: [article(3)] });
    await again;
    expect(model.list.value.map((a) => a.id)).toEqual([3]);
  });

  it('treats an answer that is not a list as none', async () => {
    const { model, calls } = setup();
    const done = model.fetch('acme', 'en');
    calls[0].resolve('<html>');
    await done;
    expect(model.list.value).toEqual([]);
    expect(model.hasError.value).toBe(false);
  });

  it('shows the locale asked last when the language changes mid-fetch', async () => {
    const { model, calls } = setup();
    const english = model.fetch('acme', 'en');
    const german = model.fetch('acme', 'de');
    calls[1].resolve({ payload: [article(2, 'Deutsch')] });
    await german;
    calls[0].resolve({ payload: [article(1, 'English')] });
    await english;
    expect(model.list.value.map((a) => a.title)).toEqual(['Deutsch']);
    expect(model.isFetching.value).toBe(false);
  });
});
