import { ArticleFrame } from '../components/ArticleFrame';
import { t } from '../i18n';
import { adoptStyles } from '../lib/adoptStyles';
import { articleFrameUrl } from '../lib/articleLinks';
import articleViewerCss from '../styles/articleViewer.chunk.css';
import { useWidget } from '../widgetContext';

// A route chunk; its stylesheet travels with it.
adoptStyles(articleViewerCss);

/**
 * `/article` (docs/behaviour.md#help-centre): the help-centre page in the route's `link`, framed
 * in the widget, named by the route's `title`. The header's back button goes home.
 */
export function ArticleViewer() {
  const { router } = useWidget();
  const query = router.query.value;
  const src = articleFrameUrl(query.get('link'), location.origin);
  return (
    <ArticleFrame
      key={src}
      src={src}
      title={query.get('title') || t('PORTAL.ARTICLE')}
      labels={{ failed: t('PORTAL.IFRAME_ERROR'), retry: t('RETRY'), loading: t('LOADING') }}
    />
  );
}
