import { useEffect } from 'react';
import { helpCentreLocale } from '../../shared/helpCentre';
import { PopularArticles } from '../components/PopularArticles';
import { locale, t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { articleViewerLink } from '../lib/articleLinks';
import helpCentreCss from '../styles/helpCentre.chunk.css';
import { useWidget } from '../widgetContext';

// A lazy chunk, requested only when home shows an inbox with a portal; its stylesheet travels with it.
adoptStyles(helpCentreCss);

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
  // The widget's (`state/widget.ts`), made from this view's own chunk, which is here: coming back
  // home finds the list again.
  const model = widget.articles.loaded!;

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
