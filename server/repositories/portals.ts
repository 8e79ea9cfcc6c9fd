/**
 * Help-centre portals (docs/protocol.md#help-centre): created and edited through the Application
 * API, read by the public `/hc/{slug}/…` pages and by the widget's channel config.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PortalsTable } from '../db/schema';
import { fromFlag, fromJson, toFlag, toJson } from './codec';

export interface PortalConfig {
  allowed_locales: string[];
  default_locale: string;
}

export interface Portal extends Omit<Selectable<PortalsTable>, 'archived' | 'config'> {
  archived: boolean;
  config: PortalConfig;
}

function toPortal(row: Selectable<PortalsTable>): Portal {
  const config = fromJson<Partial<PortalConfig>>(row.config, {});
  const allowed = Array.isArray(config.allowed_locales) ? config.allowed_locales.filter((l) => typeof l === 'string') : [];
  const fallback = typeof config.default_locale === 'string' ? config.default_locale : (allowed[0] ?? 'en');
  return {
    ...row,
    archived: fromFlag(row.archived),
    config: { allowed_locales: allowed.length ? allowed : [fallback], default_locale: fallback },
  };
}

export type PortalFields = Pick<Portal, 'name' | 'slug'> &
  Partial<
    Pick<
      Portal,
      'custom_domain' | 'color' | 'homepage_link' | 'page_title' | 'header_text' | 'config' | 'archived' | 'channel_web_widget_id'
    >
  >;

/** Creates a portal; a slug or custom domain already in use throws a unique violation. */
export async function createPortal(db: Db, accountId: number, fields: PortalFields): Promise<Portal> {
  const now = Date.now();
  const { archived, config, ...plain } = fields;
  const row = await db
    .insertInto('portals')
    .values({
      ...plain,
      account_id: accountId,
      config: toJson(config ?? { allowed_locales: ['en'], default_locale: 'en' }),
      archived: toFlag(archived ?? false),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPortal(row);
}

/** The portal with this slug, in any account (public pages), or only in `accountId`. */
export async function findPortalBySlug(db: Db, slug: string, accountId?: number): Promise<Portal | undefined> {
  let query = db.selectFrom('portals').selectAll().where('slug', '=', slug);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const row = await query.executeTakeFirst();
  return row && toPortal(row);
}

/** The portal serving this custom domain. */
export async function findPortalByDomain(db: Db, domain: string): Promise<Portal | undefined> {
  const row = await db.selectFrom('portals').selectAll().where('custom_domain', '=', domain).executeTakeFirst();
  return row && toPortal(row);
}

/** The portal `id`, optionally required to belong to `accountId`. */
export async function findPortal(db: Db, id: number, accountId?: number): Promise<Portal | undefined> {
  let query = db.selectFrom('portals').selectAll().where('id', '=', id);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  const row = await query.executeTakeFirst();
  return row && toPortal(row);
}

/** Every portal of the account, oldest first. */
export async function listPortals(db: Db, accountId: number): Promise<Portal[]> {
  const rows = await db.selectFrom('portals').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  return rows.map(toPortal);
}

/** Applies `changes` and returns the portal; a slug or domain in use throws a unique violation. */
export async function updatePortal(db: Db, id: number, changes: Partial<PortalFields>): Promise<Portal> {
  const { archived, config, ...plain } = changes;
  const row = await db
    .updateTable('portals')
    .set({
      ...plain,
      ...(archived !== undefined && { archived: toFlag(archived) }),
      ...(config !== undefined && { config: toJson(config) }),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPortal(row);
}

/** The inbox's help centre for its widget: none when unset, deleted, archived or another account's. */
export async function inboxPortal(db: Db, inbox: { portal_id: number | null; account_id: number }): Promise<Portal | undefined> {
  if (inbox.portal_id === null) return undefined;
  const portal = await findPortal(db, inbox.portal_id, inbox.account_id);
  return portal && !portal.archived ? portal : undefined;
}
