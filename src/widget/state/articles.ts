import { signal, type ReadonlySignal } from '@preact/signals-react';
import type { HelpCentreArticlesPage } from '../../shared/types';
import { getPopularArticles, POPULAR_ARTICLES } from '../api/helpCentreEndpoints';
import type { Request } from './request';

/** What home shows of an article. */
export interface PopularArticle {
  id: number;
  title: string;
  /** The article page, relative, as the server gives it (`hc/{portal}/articles/{slug}`). */
  link: string;
}

/**
 * The usable articles of an answer (a gateway's Chatwoot answers it too), at most
 * `POPULAR_ARTICLES`: each needs a title, and a link (made from its slug when an older server
 * sends none).
 */
function popular(page: HelpCentreArticlesPage | undefined, portalSlug: string): PopularArticle[] {
  const payload: unknown[] = Array.isArray(page?.payload) ? page.payload : [];
  const articles: PopularArticle[] = [];
  for (const item of payload) {
    const { id, title, link, slug } = (item ?? {}) as Partial<HelpCentreArticlesPage['payload'][number]>;
    const href =
      typeof link === 'string'
        ? link
        : typeof slug === 'string' && slug
          ? `hc/${encodeURIComponent(portalSlug)}/articles/${encodeURIComponent(slug)}`
          : '';
    if (typeof title === 'string' && title && href && articles.length < POPULAR_ARTICLES)
      articles.push({ id: Number(id), title, link: href });
  }
  return articles;
}

/**
 * The popular articles of the inbox's help centre (docs/behaviour.md#help-centre), kept for the
 * session: coming back home shows them again without a request.
 */
export function createArticlesModel(request: Request) {
  const list = signal<PopularArticle[]>([]);
  const isFetching = signal(false);
  const hasError = signal(false);
  /** The portal and locale whose list `list` holds, and the one being fetched. */
  let shown: string | undefined;
  let asked: string | undefined;

  return {
    list: list as ReadonlySignal<PopularArticle[]>,
    isFetching: isFetching as ReadonlySignal<boolean>,
    hasError: hasError as ReadonlySignal<boolean>,
    /** Fetches the list for this portal and locale unless it is here or on its way; the last asked wins. */
    async fetch(portalSlug: string, locale: string) {
      const key = `${portalSlug}/${locale}`;
      if (key === asked && (isFetching.value || !hasError.value)) return;
      asked = key;
      isFetching.value = true;
      hasError.value = false;
      if (key !== shown) list.value = [];
      try {
        const articles = popular(await request(getPopularArticles(portalSlug, locale)), portalSlug);
        if (asked !== key) return;
        list.value = articles;
        shown = key;
      } catch {
        if (asked !== key) return;
        // docs/protocol.md#help-centre: a failed article fetch sets an error flag; home then shows no list.
        hasError.value = true;
      } finally {
        if (asked === key) isFetching.value = false;
      }
    },
  };
}
