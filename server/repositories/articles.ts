/**
 * Help-centre articles (docs/protocol.md#help-centre): written by agents through the Application
 * API, listed and shown publicly once published, with a view count the public page raises.
 */
import { isId } from '../lib/storable';
import { sql, type Selectable } from 'kysely';
import { serialized, type Db } from '../db/database';
import type { ArticlesTable } from '../db/schema';
import { fromJson, toJson } from './codec';

/** Chatwoot's article statuses, as stored (`status` column) and as named in its JSON. */
export const ARTICLE_STATUSES = ['draft', 'published', 'archived'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
export const PUBLISHED = ARTICLE_STATUSES.indexOf('published');

export interface ArticleMeta {
  title?: string | null;
  description?: string | null;
  tags?: string[];
}

export interface Article extends Omit<Selectable<ArticlesTable>, 'status' | 'meta'> {
  status: ArticleStatus;
  meta: ArticleMeta;
}

function toArticle(row: Selectable<ArticlesTable>): Article {
  return { ...row, status: ARTICLE_STATUSES[row.status] ?? 'draft', meta: fromJson(row.meta, {}) };
}

export type ArticleFields = Pick<Article, 'title' | 'slug' | 'content' | 'locale' | 'author_id'> &
  Partial<Pick<Article, 'description' | 'status' | 'category_id' | 'position' | 'meta'>>;

/** Creates an article at the end of its portal (unless given a position); a slug in use throws a unique violation. */
export async function createArticle(db: Db, portal: { id: number; account_id: number }, fields: ArticleFields): Promise<Article> {
  const now = Date.now();
  const { status, meta, position, ...plain } = fields;
  // Numbered in the insert, one writer per portal at a time (see `serialized`).
  const row = await serialized(db, `position:articles:${portal.id}`, (db) =>
    db
      .insertInto('articles')
      .values({
        ...plain,
        account_id: portal.account_id,
        portal_id: portal.id,
        status: ARTICLE_STATUSES.indexOf(status ?? 'draft'),
        meta: toJson(meta ?? {}),
        position: position ?? sql<number>`(select coalesce(max(position), 0) + 1 from articles where portal_id = ${portal.id})`,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toArticle(row);
}

/** The portal's article with this id. */
export async function findArticle(db: Db, portalId: number, id: number): Promise<Article | undefined> {
  const row = await db.selectFrom('articles').selectAll().where('portal_id', '=', portalId).where('id', '=', id).executeTakeFirst();
  return row && toArticle(row);
}

/** The portal's article with this slug, else (for a number) with this id. */
export async function findArticleBySlugOrId(db: Db, portalId: number, slugOrId: string): Promise<Article | undefined> {
  const row = await db.selectFrom('articles').selectAll().where('portal_id', '=', portalId).where('slug', '=', slugOrId).executeTakeFirst();
  if (row) return toArticle(row);
  const id = /^\d{1,10}$/.test(slugOrId) ? Number(slugOrId) : null;
  return isId(id) ? findArticle(db, portalId, id) : undefined;
}

/** Whether the portal has an article with this slug (other than `exceptId`). */
export async function articleSlugTaken(db: Db, portalId: number, slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('articles').select('id').where('portal_id', '=', portalId).where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The slugs of the portal's articles that start with `prefix` (to find a free one). */
export async function articleSlugsLike(db: Db, portalId: number, prefix: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('articles')
    .select('slug')
    .where('portal_id', '=', portalId)
    .where(sql<boolean>`substr(slug, 1, ${prefix.length}) = ${prefix}`)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export interface ArticleQuery {
  locale?: string;
  /** Only articles with this status. */
  status?: ArticleStatus;
  /** Words the title, description or content contains (case-insensitive). */
  search?: string;
  /** `views`: most viewed first; otherwise by position. */
  sort?: 'views' | 'position';
  /** 1-based. */
  page: number;
  perPage: number;
}

/** One page of the portal's articles and how many match in all. */
export async function listArticles(db: Db, portalId: number, query: ArticleQuery): Promise<{ articles: Article[]; total: number }> {
  let base = db.selectFrom('articles').where('portal_id', '=', portalId);
  if (query.locale !== undefined) base = base.where('locale', '=', query.locale);
  if (query.status !== undefined) base = base.where('status', '=', ARTICLE_STATUSES.indexOf(query.status));
  if (query.search) {
    // `lower(…) like lower(…)` matches alike on SQLite and PostgreSQL; `%`, `_` and `\` are literal.
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or(
        (['title', 'description', 'content'] as const).map((column) =>
          eb(sql`lower(${sql.ref(column)})`, 'like', sql`lower(${pattern}) escape '\\'`),
        ),
      ),
    );
  }
  const ordered =
    query.sort === 'views'
      ? base.selectAll().orderBy('views', 'desc').orderBy('position').orderBy('id')
      : base.selectAll().orderBy('position').orderBy('id');
  const [rows, count] = await Promise.all([
    ordered
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { articles: rows.map(toArticle), total: Number(count.n) };
}

/** How many of the portal's articles each locale has, by status. */
export async function countArticles(db: Db, portalId: number): Promise<{ locale: string; status: ArticleStatus; count: number }[]> {
  const rows = await db
    .selectFrom('articles')
    .select(['locale', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('portal_id', '=', portalId)
    .groupBy(['locale', 'status'])
    .execute();
  return rows.map((r) => ({ locale: r.locale, status: ARTICLE_STATUSES[r.status] ?? 'draft', count: Number(r.n) }));
}

export type ArticleChanges = Partial<Omit<ArticleFields, 'author_id'>> & { author_id?: number | null };

/** Applies `changes` and returns the article; a slug in use throws a unique violation. */
export async function updateArticle(db: Db, id: number, changes: ArticleChanges): Promise<Article> {
  const { status, meta, ...plain } = changes;
  const row = await db
    .updateTable('articles')
    .set({
      ...plain,
      ...(status !== undefined && { status: ARTICLE_STATUSES.indexOf(status) }),
      ...(meta !== undefined && { meta: toJson(meta) }),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toArticle(row);
}

/** Counts one view of the article (atomic: concurrent views all count). */
export async function countArticleView(db: Db, id: number): Promise<void> {
  await db
    .updateTable('articles')
    .set((eb) => ({ views: eb('views', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
