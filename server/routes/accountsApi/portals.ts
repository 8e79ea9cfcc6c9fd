/**
 * Help-centre portals and their articles in the Application API (docs/protocol.md#help-centre):
 * `/portals` (list, create), `/portals/{slug}` (show, update), `/portals/{slug}/articles` (list,
 * create) and `/portals/{slug}/articles/{id}` (show, update, publish). Fields may come nested
 * (`portal`, `article`) or flat; errors are Chatwoot's 422 `{message, attributes}`.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../context';
import { notFound, ValidationError } from '../../lib/apiError';
import { articleJson } from '../../presenters/article';
import { portalJson } from '../../presenters/portal';
import {
  ARTICLE_STATUSES,
  articleSlugsLike,
  articleSlugTaken,
  countArticles,
  createArticle,
  findArticle,
  listArticles,
  updateArticle,
  type Article,
  type ArticleStatus,
} from '../../repositories/articles';
import { findInbox } from '../../repositories/inboxes';
import {
  createPortal,
  findPortalByDomain,
  findPortalBySlug,
  listPortals,
  updatePortal,
  type Portal,
  type PortalConfig,
  type PortalFields,
} from '../../repositories/portals';
import { accountRole, findUsers } from '../../repositories/users';
import { unlessTaken } from '../../repositories/uniqueness';
import { MAX_ID } from '../../lib/storable';
import { modelFields, paramId, queryInt, readJson, readModel, schemas, validateModel } from '../body';
import { articleSlug, hostName, LOCALE_CODE, PORTAL_SLUG } from '../../lib/helpCentreNames';

/** Articles per page of the Application API's list (Chatwoot's page size). */
export const ARTICLES_PER_PAGE = 25;

const localeCode = v.pipe(v.string(), v.trim(), v.regex(LOCALE_CODE, 'Locale must be a language code such as en or pt_BR'));
const blankable = (schema: v.GenericSchema<string, string>) => v.optional(v.nullable(v.union([v.literal(''), schema])));
const webUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.regex(/^https?:\/\/\S+$/, 'Homepage link must start with http:// or https://'),
);

const PortalSchema = {
  name: v.pipe(v.string(), v.trim(), v.minLength(1, "Name can't be blank"), v.maxLength(255)),
  slug: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "Slug can't be blank"),
    v.maxLength(255),
    v.regex(PORTAL_SLUG, 'Slug may contain only lowercase letters, digits, hyphens and underscores'),
  ),
  color: blankable(v.pipe(v.string(), v.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Color must be a hex colour such as #1f93ff'))),
  custom_domain: blankable(v.pipe(v.string(), v.trim(), v.maxLength(2048))),
  homepage_link: blankable(webUrl),
  page_title: schemas.optionalText(255),
  header_text: schemas.optionalText(10_000),
  archived: v.optional(v.boolean()),
  config: v.optional(
    v.object({
      allowed_locales: v.optional(
        v.pipe(v.array(localeCode), v.minLength(1, 'Allowed locales must name at least one locale'), v.maxLength(50)),
      ),
      default_locale: v.optional(localeCode),
    }),
  ),
};
const CreatePortal = v.object(PortalSchema);
const UpdatePortal = v.partial(v.object(PortalSchema));
const ArticleListQuery = v.object({ locale: v.optional(v.string()), status: v.optional(v.string()) });

const statusName = v.pipe(
  v.union([v.picklist(ARTICLE_STATUSES), v.picklist([0, 1, 2])], 'Status must be draft, published or archived (or 0, 1, 2)'),
  v.transform((status): ArticleStatus => (typeof status === 'number' ? ARTICLE_STATUSES[status] : status)),
);

const ArticleSchema = {
  title: v.pipe(v.string(), v.trim(), v.minLength(1, "Title can't be blank"), v.maxLength(255)),
  content: v.pipe(
    v.string(),
    v.check((text) => text.trim() !== '', "Content can't be blank"),
    v.maxLength(150_000),
  ),
  description: schemas.optionalText(10_000),
  status: v.optional(statusName),
  locale: v.optional(localeCode),
  // Categories are not modelled; the id round-trips as given (docs/protocol.md#help-centre).
  category_id: v.optional(v.nullable(schemas.id)),
  author_id: v.optional(schemas.id),
  slug: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(255),
      v.regex(/^[\p{L}\p{N}]+(?:[-_][\p{L}\p{N}]+)*$/u, 'Slug may contain only letters, digits, hyphens and underscores'),
    ),
  ),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0, 'Position must be 0 or more'), v.maxValue(MAX_ID))),
  meta: v.optional(
    v.object({
      title: schemas.optionalText(255),
      description: schemas.optionalText(1000),
      tags: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(100))), v.maxLength(50))),
    }),
  ),
};
const CreateArticle = v.object(ArticleSchema);
const UpdateArticle = v.partial(v.object(ArticleSchema));

/** The portal's locales after a change: allowed ones deduplicated, the default among them. */
function portalConfig(
  current: PortalConfig | undefined,
  asked: { allowed_locales?: string[]; default_locale?: string } = {},
): PortalConfig {
  const allowed = [...new Set(asked.allowed_locales ?? current?.allowed_locales ?? [asked.default_locale ?? 'en'])];
  const fallback = current && allowed.includes(current.default_locale) ? current.default_locale : allowed[0];
  const chosen = asked.default_locale ?? fallback;
  if (!allowed.includes(chosen)) throw new ValidationError('Default locale must be one of the allowed locales', ['config']);
  return { allowed_locales: allowed, default_locale: chosen };
}

/** `''` clears an optional text field. */
const orNull = <T>(value: T | '' | null | undefined) => (value === undefined ? undefined : value === '' ? null : value);

/** Portal and article routes (mounted under `/api/v1/accounts/:a`). */
export function portalRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const loadPortal = async (c: Context<AppEnv>) => {
    const portal = await findPortalBySlug(deps.db, c.req.param('slug') ?? '', c.get('account').id);
    if (!portal) throw notFound();
    return portal;
  };

  const portalAnswer = async (portal: Portal) => portalJson(portal, await countArticles(deps.db, portal.id));

  const articleAnswer = async (article: Article, portal: Portal) => {
    const [counts, [author]] = await Promise.all([
      countArticles(deps.db, portal.id),
      findUsers(deps.db, article.author_id ? [article.author_id] : []),
    ]);
    return { payload: articleJson(article, portal, counts, author) };
  };

  /** Turns a lost race on a unique column into the same 422 the checks give. */
  const uniquely = async <T extends object>(write: () => Promise<T>, field: string, label: string): Promise<T> => {
    const row = await unlessTaken(write);
    if (!row) throw new ValidationError(`${label} has already been taken`, [field]);
    return row;
  };

  /** The portal fields of a create or update, checked against the stored portals. */
  const portalChanges = async (body: v.InferOutput<typeof UpdatePortal>, current: Portal | undefined): Promise<Partial<PortalFields>> => {
    const { config, color, custom_domain, homepage_link, ...plain } = body;
    const changes: Partial<PortalFields> = { ...plain };
    if (color !== undefined) changes.color = orNull(color);
    if (homepage_link !== undefined) changes.homepage_link = orNull(homepage_link);
    if (custom_domain !== undefined) {
      const domain = custom_domain ? hostName(custom_domain) : null;
      if (domain === undefined) throw new ValidationError('Custom domain must be a host name such as help.example.com', ['custom_domain']);
      if (domain && domain !== current?.custom_domain && (await findPortalByDomain(deps.db, domain)))
        throw new ValidationError('Custom domain has already been taken', ['custom_domain']);
      changes.custom_domain = domain;
    }
    if (config !== undefined || !current) changes.config = portalConfig(current?.config, config);
    if (changes.slug !== undefined && changes.slug !== current?.slug && (await findPortalBySlug(deps.db, changes.slug)))
      throw new ValidationError('Slug has already been taken', ['slug']);
    return changes;
  };

  app.get('/portals', async (c) => {
    const portals = await listPortals(deps.db, c.get('account').id);
    return c.json({ payload: await Promise.all(portals.map(portalAnswer)), meta: { current_page: 1, portals_count: portals.length } });
  });

  app.post('/portals', async (c) => {
    const raw = (await readJson(c)) as Record<string, unknown>;
    const body = validateModel(CreatePortal, modelFields(raw, 'portal'), 'portal');
    const accountId = c.get('account').id;
    // Chatwoot's `inbox_id` records the web widget the portal belongs to; the widget itself
    // shows a portal once its inbox's `portal_id` names it.
    const inboxId = raw.inbox_id;
    let channelWidgetId: number | null = null;
    if (inboxId !== undefined && inboxId !== null) {
      const inbox = typeof inboxId === 'number' ? await findInbox(deps.db, inboxId, accountId) : undefined;
      if (!inbox) throw new ValidationError('Inbox must exist', ['inbox_id']);
      channelWidgetId = inbox.id;
    }
    const changes = await portalChanges(body, undefined);
    const portal = await uniquely(
      () => createPortal(deps.db, accountId, { ...changes, name: body.name, slug: body.slug, channel_web_widget_id: channelWidgetId }),
      'slug',
      'Slug or custom domain',
    );
    return c.json(await portalAnswer(portal));
  });

  app.get('/portals/:slug', async (c) => c.json(await portalAnswer(await loadPortal(c))));

  app.on(['PATCH', 'PUT'], '/portals/:slug', async (c) => {
    const portal = await loadPortal(c);
    const changes = await portalChanges(await readModel(c, 'portal', UpdatePortal), portal);
    return c.json(await portalAnswer(await uniquely(() => updatePortal(deps.db, portal.id, changes), 'slug', 'Slug or custom domain')));
  });

  /** The article fields of a create or update, checked against the portal and the account. */
  const articleChanges = async (portal: Portal, body: v.InferOutput<typeof UpdateArticle>, current: Article | undefined) => {
    if (body.locale !== undefined && !portal.config.allowed_locales.includes(body.locale))
      throw new ValidationError(`Locale must be one of the portal's locales (${portal.config.allowed_locales.join(', ')})`, ['locale']);
    if (body.author_id !== undefined && !(await accountRole(deps.db, portal.account_id, body.author_id)))
      throw new ValidationError('Author must be an agent of this account', ['author_id']);
    if (body.slug !== undefined && (await articleSlugTaken(deps.db, portal.id, body.slug, current?.id)))
      throw new ValidationError('Slug has already been taken', ['slug']);
    const { description, ...rest } = body;
    return { ...rest, ...(description !== undefined && { description: orNull(description) }) };
  };

  /** A slug from the title that no other article of the portal has (`title`, `title-2`, …). */
  const freeSlug = async (portal: Portal, title: string) => {
    const base = articleSlug(title);
    const taken = await articleSlugsLike(deps.db, portal.id, base);
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  };

  app.get('/portals/:slug/articles', async (c) => {
    const portal = await loadPortal(c);
    const query = v.parse(ArticleListQuery, {
      locale: c.req.query('locale'),
      status: c.req.query('status'),
    });
    const status =
      query.status === undefined ? undefined : v.safeParse(statusName, /^\d$/.test(query.status) ? Number(query.status) : query.status);
    if (status && !status.success) throw new ValidationError('Status must be draft, published or archived (or 0, 1, 2)', ['status']);
    const page = Math.max(queryInt(c, 'page') ?? 1, 1);
    const { articles, total } = await listArticles(deps.db, portal.id, {
      locale: query.locale,
      status: status?.output,
      page,
      perPage: ARTICLES_PER_PAGE,
    });
    const counts = await countArticles(deps.db, portal.id);
    const authors = await findUsers(
      deps.db,
      articles.flatMap((a) => (a.author_id ? [a.author_id] : [])),
    );
    return c.json({
      payload: articles.map((a) =>
        articleJson(
          a,
          portal,
          counts,
          authors.find((u) => u.id === a.author_id),
        ),
      ),
      meta: { current_page: page, articles_count: total },
    });
  });

  app.post('/portals/:slug/articles', async (c) => {
    const portal = await loadPortal(c);
    const body = await readModel(c, 'article', CreateArticle);
    const changes = await articleChanges(portal, body, undefined);
    const article = await uniquely(
      async () =>
        createArticle(deps.db, portal, {
          ...changes,
          title: body.title,
          content: body.content,
          slug: body.slug ?? (await freeSlug(portal, body.title)),
          locale: body.locale ?? portal.config.default_locale,
          author_id: body.author_id ?? c.get('agent').id,
        }),
      'slug',
      'Slug',
    );
    return c.json(await articleAnswer(article, portal));
  });

  const loadArticle = async (c: Context<AppEnv>, portal: Portal) => {
    const article = await findArticle(deps.db, portal.id, paramId(c, 'id'));
    if (!article) throw notFound();
    return article;
  };

  app.get('/portals/:slug/articles/:id', async (c) => {
    const portal = await loadPortal(c);
    return c.json(await articleAnswer(await loadArticle(c, portal), portal));
  });

  app.on(['PATCH', 'PUT'], '/portals/:slug/articles/:id', async (c) => {
    const portal = await loadPortal(c);
    const article = await loadArticle(c, portal);
    const changes = await articleChanges(portal, await readModel(c, 'article', UpdateArticle), article);
    const updated = await uniquely(() => updateArticle(deps.db, article.id, changes), 'slug', 'Slug');
    return c.json(await articleAnswer(updated, portal));
  });

  return app;
}
