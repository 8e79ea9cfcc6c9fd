/**
 * Portal shapes (docs/protocol.md#help-centre): the Application API's portal, the widget's
 * `chatwootWebChannel.portal`, and the portal inside a public article.
 */
import type { ChannelPortal, HelpCentreArticle } from '../../src/shared/types';
import type { Portal } from '../repositories/portals';
import { iso } from './time';

/** Chatwoot's portal colour when none is set. */
export const DEFAULT_PORTAL_COLOR = '#1f93ff';

/** Article counts of a portal, by locale and status (`countArticles`). */
export type ArticleCounts = { locale: string; status: string; count: number }[];

const sum = (counts: ArticleCounts, test: (c: ArticleCounts[number]) => boolean) =>
  counts.filter(test).reduce((total, c) => total + c.count, 0);

/** The Application API portal (Chatwoot's `portals/_portal.json.jbuilder`). */
export function portalJson(portal: Portal, counts: ArticleCounts) {
  return {
    id: portal.id,
    color: portal.color ?? DEFAULT_PORTAL_COLOR,
    custom_domain: portal.custom_domain,
    header_text: portal.header_text,
    homepage_link: portal.homepage_link,
    name: portal.name,
    page_title: portal.page_title,
    slug: portal.slug,
    archived: portal.archived,
    account_id: portal.account_id,
    channel_web_widget_id: portal.channel_web_widget_id,
    config: {
      allowed_locales: portal.config.allowed_locales.map((code) => ({
        code,
        articles_count: sum(counts, (c) => c.locale === code),
        categories_count: 0,
      })),
      default_locale: portal.config.default_locale,
    },
    meta: {
      all_articles_count: sum(counts, () => true),
      archived_articles_count: sum(counts, (c) => c.status === 'archived'),
      published_count: sum(counts, (c) => c.status === 'published'),
      draft_articles_count: sum(counts, (c) => c.status === 'draft'),
      categories_count: 0,
      default_locale: portal.config.default_locale,
    },
    created_at: iso(portal.created_at),
    updated_at: iso(portal.updated_at),
  };
}

/** `chatwootWebChannel.portal`: the portal record, as Chatwoot serialises it into `/widget`. */
export function channelPortal(portal: Portal): ChannelPortal {
  return {
    id: portal.id,
    account_id: portal.account_id,
    name: portal.name,
    slug: portal.slug,
    custom_domain: portal.custom_domain,
    color: portal.color ?? DEFAULT_PORTAL_COLOR,
    homepage_link: portal.homepage_link,
    page_title: portal.page_title,
    header_text: portal.header_text,
    created_at: iso(portal.created_at),
    updated_at: iso(portal.updated_at),
    config: { allowed_locales: portal.config.allowed_locales, default_locale: portal.config.default_locale },
    archived: portal.archived,
    channel_web_widget_id: portal.channel_web_widget_id,
    ssl_settings: {},
  };
}

/** The portal inside a public article (Chatwoot's `public/api/v1/models/hc/_portal.json.jbuilder`). */
export function publicPortal(portal: Portal, publishedCount: number): HelpCentreArticle['portal'] {
  return {
    custom_domain: portal.custom_domain,
    header_text: portal.header_text,
    homepage_link: portal.homepage_link,
    name: portal.name,
    page_title: portal.page_title,
    slug: portal.slug,
    categories: [],
    meta: { articles_count: publishedCount, categories_count: 0, default_locale: portal.config.default_locale },
  };
}
