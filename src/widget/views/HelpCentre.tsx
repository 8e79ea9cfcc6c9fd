import { useEffect } from 'react';
import { helpCentreLocale } from '../../shared/helpCentre';
import { PopularArticles } from '../components/PopularArticles';
import { locale, t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { articleViewerLink } from '../lib/articleLinks';
import { createArticlesModel, type ArticlesModel } from '../state/articles';
import type { Request } from '../state/request';
import helpCentreCss from '../styles/helpCentre.chunk.css';
import { useWidget } from '../widgetContext';

// A lazy chunk, requested only when home shows an inbox with a portal; its stylesheet travels with it.
adoptStyles(helpCentreCss);

/** One articles model per widget (its request function), so home finds the list again. */
const models = new WeakMap<Request, ArticlesModel>();

function articlesModel(request: Request): ArticlesModel {
  let model = models.get(request);
  if (!model) models.set(request, (model = createArticlesModel(request)));
  return model;
}

/**
 * Home's help centre (docs/behaviour.md#help-centre): the portal's popular articles in the
 * widget's language, when the portal has that language; nothing otherwise, nor when the list
 * is empty or failed to load.
 */
export function HelpCentre() {
  const widget = useWidget();
  const { channel, app, router } = widget;
  const portal = channel.portal;
  const articleLocale = portal && helpCentreLocale(locale.value, portal.config.allowed_locales);
  const model = articlesModel(widget.request);

  useEffect(() => {
    if (portal && articleLocale) model.fetch(portal.slug, articleLocale);
  }, [portal?.slug, articleLocale]);

  const articles = model.list.value;
  const loading = model.isFetching.value && articles.length === 0;
  if (!portal || !articleLocale || model.hasError.value || (!loading && articles.length === 0)) return null;

  const open = (link: string, title: string) =>
    router.navigate('/article', {
      link: articleViewerLink(link, { theme: app.isDark.value ? 'dark' : 'light', locale: articleLocale }),
      title,
    });

  return (
    <PopularArticles
      articles={articles}
      loading={loading}
      labels={{ title: t('PORTAL.POPULAR_ARTICLES'), viewAll: t('PORTAL.VIEW_ALL_ARTICLES'), loading: t('LOADING') }}
      onOpen={(article) => open(article.link, article.title)}
      // As Chatwoot's widget does: the portal's home, in the article viewer.
      onViewAll={() => open(`hc/${encodeURIComponent(portal.slug)}/${encodeURIComponent(articleLocale)}`, portal.name)}
    />
  );
}
