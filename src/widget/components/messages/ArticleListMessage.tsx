import type { ArticleItem, Handled } from '../../../shared/contentAttributes';
import { safeWebUrl } from '../../lib/sanitizeUrl';

/** A bot's list of help-centre articles; each opens in a new tab (http(s) links only). */
export function ArticleListMessage({ articles }: { articles: readonly Handled<ArticleItem, 'title' | 'description' | 'link'>[] }) {
  return (
    <ul className="article-list">
      {articles.map((article, index) => {
        const href = safeWebUrl(article.link);
        const body = (
          <>
            <span className="article-list__title">{article.title}</span>
            {article.description && <span className="article-list__text">{article.description}</span>}
          </>
        );
        return (
          <li key={index}>
            {href ? (
              <a className="article-list__item" href={href} target="_blank" rel="noopener noreferrer">
                {body}
              </a>
            ) : (
              <div className="article-list__item">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
