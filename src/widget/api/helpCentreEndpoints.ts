/**
 * The help centre's calls, as data (docs/protocol.md#help-centre), like `endpoints.ts` but in a
 * module of their own: only the lazy help-centre chunk needs them, and `endpoints.ts` ships with
 * the first paint.
 */
import type { HelpCentreArticlesPage } from '../../shared/types';
import type { Endpoint } from './endpoints';

/** How many popular articles home lists (docs/behaviour.md#help-centre). */
export const POPULAR_ARTICLES = 6;

/**
 * A portal's most viewed published articles in `locale`: public, served beside the widget API
 * (`/hc/…`) rather than under it.
 */
export const getPopularArticles = (portalSlug: string, locale: string): Endpoint<HelpCentreArticlesPage> => ({
  method: 'GET',
  path: `/hc/${encodeURIComponent(portalSlug)}/${encodeURIComponent(locale)}/articles.json`,
  query: { page: 1, sort: 'views', status: 1, per_page: POPULAR_ARTICLES },
});
