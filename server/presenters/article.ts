/**
 * Article shapes (docs/protocol.md#help-centre): the Application API's article and the public
 * one of `GET /hc/{portal}/{locale}/articles.json`.
 */
import type { HelpCentreArticle } from '../../src/shared/types';
import type { Article } from '../repositories/articles';
import type { Portal } from '../repositories/portals';
import type { User } from '../repositories/users';
import { type ArticleCounts, portalJson, publicPortal } from './portal';
import { iso, seconds } from './time';
import { userPushData } from './user';

/** The article page, relative to the server root without a leading slash (as Chatwoot's `link`). */
export const articleLink = (portal: Portal, article: Article) =>
  `hc/${encodeURIComponent(portal.slug)}/articles/${encodeURIComponent(article.slug)}`;

/** The Application API article (Chatwoot's `articles/_article.json.jbuilder`), under `payload`. */
export function articleJson(article: Article, portal: Portal, counts: ArticleCounts, author: User | undefined) {
  return {
    id: article.id,
    category_id: article.category_id,
    title: article.title,
    slug: article.slug,
    content: article.content,
    description: article.description,
    status: article.status,
    locale: article.locale,
    position: article.position,
    meta: article.meta,
    account_id: article.account_id,
    updated_at: seconds(article.updated_at),
    portal: portalJson(portal, counts),
    views: article.views,
    author: author ? userPushData(author) : null,
    associated_articles: [],
    link: articleLink(portal, article),
  };
}

/** A published article as the public list shows it (Chatwoot's `public/api/v1/models/_article.json.jbuilder`). */
export function publicArticleJson(article: Article, portal: Portal, publishedCount: number, author: User | undefined) {
  return {
    id: article.id,
    category_id: article.category_id,
    title: article.title,
    content: article.content,
    description: article.description,
    status: 'published',
    position: article.position,
    account_id: article.account_id,
    last_updated_at: iso(article.updated_at),
    slug: article.slug,
    portal: publicPortal(portal, publishedCount),
    views: article.views,
    ...(author && {
      author: { available_name: author.display_name || author.name, name: author.name, thumbnail: author.avatar_url ?? '' },
    }),
    associated_articles: [],
    link: articleLink(portal, article),
  } satisfies HelpCentreArticle;
}
