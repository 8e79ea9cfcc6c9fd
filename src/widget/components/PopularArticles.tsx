import type { PopularArticle } from '../state/articles';
import { Skeleton } from './Skeleton';

export interface PopularArticlesLabels {
  /** 'Popular Articles' */
  title: string;
  /** 'View all articles' */
  viewAll: string;
  /** 'Loading', for screen readers while the skeleton shows */
  loading: string;
}

export interface PopularArticlesProps {
  articles: PopularArticle[];
  /** The list is on its way: a skeleton of it shows. */
  loading: boolean;
  labels: PopularArticlesLabels;
  onOpen(article: PopularArticle): void;
  onViewAll(): void;
}

/** Home's help-centre card: the most read articles, each opening in the widget, and the way to all of them. */
export function PopularArticles({ articles, loading, labels, onOpen, onViewAll }: PopularArticlesProps) {
  if (loading) {
    return (
      <div className="card articles articles--loading">
        <Skeleton label={labels.loading} />
      </div>
    );
  }
  return (
    <section className="card articles" aria-labelledby="popular-articles-title">
      <div className="articles__header">
        <h2 id="popular-articles-title" className="articles__title">
          {labels.title}
        </h2>
        <button type="button" className="articles__view-all" onClick={onViewAll}>
          {labels.viewAll}
        </button>
      </div>
      <ul className="articles__list">
        {articles.map((article) => (
          <li key={article.id}>
            <button type="button" className="articles__item" onClick={() => onOpen(article)}>
              <span className="articles__item-title">{article.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
