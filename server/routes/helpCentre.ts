/**
 * The public help centre (docs/protocol.md#help-centre), no authentication:
 *
 * - `GET /hc/{portal}/{locale}/articles.json` — published articles, a page at a time, by views
 *   or position (what the widget's home lists);
 * - `GET /hc/{portal}/articles/{slug-or-id}` — an article page; `show_plain_layout=true` is the
 *   layout the widget's article viewer frames; every GET counts a view;
 * - `GET /hc/{portal}/{locale}` — the portal's home in a locale ("View all articles");
 * - `GET /hc/{portal}` — redirects to the default locale's home.
 *
 * Archived portals, drafts and archived articles are not public: 404.
 */
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../context';
import { ApiError, notFound } from '../lib/apiError';
import { LOCALE_CODE } from '../lib/helpCentreNames';
import { articleLink, publicArticleJson } from '../presenters/article';
import { countArticleView, findArticleBySlugOrId, listArticles, PUBLISHED, type ArticleStatus } from '../repositories/articles';
import { findPortalBySlug, type Portal } from '../repositories/portals';
import { findUsers } from '../repositories/users';
import { type HelpCentrePage, type HelpCentreTheme, renderArticlePage, renderPortalPage } from '../views/helpCentrePage';
import { queryInt } from './body';

/** Articles per page of the public list without `per_page` (Kaminari's default, which Chatwoot pages with). */
export const DEFAULT_PER_PAGE = 25;
/** The most articles one page of the public list holds. */
export const MAX_PER_PAGE = 100;
/** The most articles a portal's home lists. */
export const PORTAL_PAGE_ARTICLES = 100;
/** The longest `query` (search words) the public list takes. */
export const MAX_QUERY_LENGTH = 200;

/**
 * The CSP of a help-centre page: no script, no connections, no plugins; the page's own inline
 * stylesheet (by hash) and web images only. The plain layout may be framed anywhere: the
 * widget frames it inside the customer's page, and `frame-ancestors` checks every ancestor, the
 * customer's origin included (Chatwoot drops `X-Frame-Options` for it likewise). The page has
 * nothing to click that changes anything. The full layout is framed by nobody.
 */
export function helpCentreCsp(styleHash: string, plain: boolean): string {
  return [
    "default-src 'none'",
    `style-src ${styleHash}`,
    'img-src https: http: data:',
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${plain ? '*' : "'none'"}`,
  ].join('; ');
}

/** `theme=light|dark`, else the reader's system setting. */
const themeOf = (c: Context): HelpCentreTheme => {
  const theme = c.req.query('theme');
  return theme === 'light' || theme === 'dark' ? theme : 'auto';
};

const isPlain = (c: Context) => c.req.query('show_plain_layout') === 'true';

/** The public-list `status`: published (1, the default), or nothing public for the others; 422 otherwise. */
function statusFilter(raw: string | undefined): ArticleStatus | null {
  if (raw === undefined || raw === '' || raw === String(PUBLISHED) || raw === 'published') return 'published';
  if (['0', '2', 'draft', 'archived'].includes(raw)) return null;
  throw new ApiError(422, 'status must be 1 (published)');
}

/** The help-centre routes (mounted at the root). */
export function helpCentreRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const loadPortal = async (c: Context<AppEnv>): Promise<Portal> => {
    const portal = await findPortalBySlug(deps.db, c.req.param('portal') ?? '');
    if (!portal || portal.archived) throw notFound();
    return portal;
  };

  /** The path locale: a code the portal allows, else 404 (`allowUnknown`: any well-formed code). */
  const localeOf = (c: Context<AppEnv>, portal: Portal, allowUnknown: boolean): string => {
    const locale = c.req.param('locale') ?? '';
    if (!LOCALE_CODE.test(locale) || (!allowUnknown && !portal.config.allowed_locales.includes(locale))) throw notFound();
    return locale;
  };

  const sendPage = (c: Context<AppEnv>, { html, styleHash }: HelpCentrePage, plain: boolean) => {
    c.header('Content-Security-Policy', helpCentreCsp(styleHash, plain));
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.html(html);
  };

  /** The query the plain layout passes on, so a reader stays in it from page to page. */
  const plainQuery = (c: Context, locale: string) =>
    `?${new URLSearchParams({ show_plain_layout: 'true', ...(themeOf(c) !== 'auto' && { theme: themeOf(c) }), locale })}`;

  app.get('/hc/:portal/:locale/articles.json', async (c) => {
    const portal = await loadPortal(c);
    const locale = localeOf(c, portal, true);
    const status = statusFilter(c.req.query('status'));
    const perPageAsked = queryInt(c, 'per_page');
    const perPage = perPageAsked === undefined || perPageAsked < 1 ? DEFAULT_PER_PAGE : Math.min(perPageAsked, MAX_PER_PAGE);
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const search = c.req.query('query')?.trim() || undefined;
    if (search && search.length > MAX_QUERY_LENGTH) throw new ApiError(422, `query must be at most ${MAX_QUERY_LENGTH} characters`);
    const { articles, total } =
      status === null || !portal.config.allowed_locales.includes(locale)
        ? { articles: [], total: 0 }
        : await listArticles(deps.db, portal.id, {
            locale,
            status,
            search,
            sort: c.req.query('sort') === 'views' ? 'views' : 'position',
            page,
            perPage,
          });
    const authors = await findUsers(
      deps.db,
      articles.flatMap((a) => (a.author_id ? [a.author_id] : [])),
    );
    // The same list for every visitor: a browser or CDN may keep it for a minute.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({
      payload: articles.map((a) =>
        publicArticleJson(
          a,
          portal,
          total,
          authors.find((u) => u.id === a.author_id),
        ),
      ),
      meta: { articles_count: total },
    });
  });

  app.get('/hc/:portal/articles/:article', async (c) => {
    const portal = await loadPortal(c);
    const article = await findArticleBySlugOrId(deps.db, portal.id, c.req.param('article'));
    if (article?.status !== 'published') throw notFound();
    // A HEAD (a link checker) reads nothing: only a GET is a view.
    if (c.req.method === 'GET') await countArticleView(deps.db, article.id);
    const plain = isPlain(c);
    c.header('Cache-Control', 'no-store');
    return sendPage(
      c,
      renderArticlePage({
        title: article.title,
        portalName: portal.name,
        content: article.content,
        description: article.meta.description || article.description,
        locale: article.locale,
        plain,
        theme: themeOf(c),
        accent: portal.color,
        portal: {
          name: portal.page_title || portal.name,
          href: `/hc/${encodeURIComponent(portal.slug)}/${encodeURIComponent(article.locale)}`,
        },
      }),
      plain,
    );
  });

  app.get('/hc/:portal/:locale', async (c) => {
    const portal = await loadPortal(c);
    const locale = localeOf(c, portal, false);
    const plain = isPlain(c);
    const { articles } = await listArticles(deps.db, portal.id, {
      locale,
      status: 'published',
      sort: 'position',
      page: 1,
      perPage: PORTAL_PAGE_ARTICLES,
    });
    const suffix = plain ? plainQuery(c, locale) : '';
    const home = `/hc/${encodeURIComponent(portal.slug)}/${encodeURIComponent(locale)}`;
    c.header('Cache-Control', 'no-cache');
    return sendPage(
      c,
      renderPortalPage({
        heading: portal.page_title || portal.name,
        headerText: portal.header_text,
        articles: articles.map((a) => ({ title: a.title, description: a.description, href: `/${articleLink(portal, a)}${suffix}` })),
        locale,
        plain,
        theme: themeOf(c),
        accent: portal.color,
        portal: { name: portal.name, href: home },
      }),
      plain,
    );
  });

  app.get('/hc/:portal', async (c) => {
    const portal = await loadPortal(c);
    const query = new URL(c.req.url).search;
    return c.redirect(`/hc/${encodeURIComponent(portal.slug)}/${encodeURIComponent(portal.config.default_locale)}${query}`, 302);
  });

  return app;
}
