/**
 * Agents (users), their account memberships and their inbox memberships.
 */
import type { Selectable } from 'kysely';
import type { AvailabilityStatus } from '../../src/shared/types';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';
import { randomToken } from '../lib/random';

/**
 * An agent; `availability` is what the agent chose (online / busy / offline), and `auto_offline`
 * whether they are offline for visitors while they show no sign of life (docs/protocol.md#presence).
 */
export interface User extends Omit<Selectable<UsersTable>, 'availability' | 'auto_offline'> {
  availability: AvailabilityStatus;
  auto_offline: boolean;
}

export type AccountRole = 'administrator' | 'agent';

const toUser = (row: Selectable<UsersTable>): User => ({
  ...row,
  availability: row.availability as AvailabilityStatus,
  auto_offline: Boolean(row.auto_offline),
});

/** The agent owning this `api_access_token`. */
export async function findUserByAccessToken(db: Db, token: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('access_token', '=', token).executeTakeFirst();
  return row && toUser(row);
}

/** The agent whose own cable token this is (docs/protocol.md#agents-on-the-cable). */
export async function findUserByPubsubToken(db: Db, token: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('pubsub_token', '=', token).executeTakeFirst();
  return row && toUser(row);
}

/** The agents with these ids (any order). */
export async function findUsers(db: Db, ids: number[]): Promise<User[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map(toUser);
}

/** Creates an agent, with a cable token of their own. */
export async function createUser(
  db: Db,
  values: {
    id?: number;
    name: string;
    display_name?: string | null;
    email: string;
    access_token: string;
    availability?: AvailabilityStatus;
    auto_offline?: boolean;
    avatar_url?: string | null;
  },
): Promise<User> {
  const now = Date.now();
  const row = await db
    .insertInto('users')
    .values({
      id: values.id,
      name: values.name,
      display_name: values.display_name ?? null,
      email: values.email,
      avatar_url: values.avatar_url ?? null,
      access_token: values.access_token,
      pubsub_token: randomToken(24),
      availability: values.availability ?? 'offline',
      auto_offline: values.auto_offline === false ? 0 : 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Updates an agent's profile fields. */
export async function updateUser(
  db: Db,
  id: number,
  changes: Partial<Pick<User, 'name' | 'display_name' | 'email' | 'access_token' | 'availability' | 'auto_offline' | 'avatar_url'>>,
): Promise<User> {
  const { auto_offline, ...rest } = changes;
  const row = await db
    .updateTable('users')
    .set({ ...rest, ...(auto_offline === undefined ? {} : { auto_offline: auto_offline ? 1 : 0 }), updated_at: Date.now() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toUser(row);
}

/** Makes the agent a member of the account (idempotent). */
export async function addAccountUser(db: Db, accountId: number, userId: number, role: AccountRole): Promise<void> {
  await db
    .insertInto('account_users')
    .values({ account_id: accountId, user_id: userId, role, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['account_id', 'user_id']).doNothing())
    .execute();
}

/** The agent's role in the account, or undefined when not a member. */
export async function accountRole(db: Db, accountId: number, userId: number): Promise<AccountRole | undefined> {
  const row = await db
    .selectFrom('account_users')
    .select('role')
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role as AccountRole | undefined;
}

/** The accounts the agent belongs to, with the role in each. */
export async function userAccounts(db: Db, userId: number): Promise<{ id: number; name: string; role: AccountRole }[]> {
  const rows = await db
    .selectFrom('account_users')
    .innerJoin('accounts', 'accounts.id', 'account_users.account_id')
    .select(['accounts.id', 'accounts.name', 'account_users.role'])
    .where('account_users.user_id', '=', userId)
    .orderBy('accounts.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, role: r.role as AccountRole }));
}

/** Adds the agent to the inbox (idempotent). */
export async function addInboxMember(db: Db, inboxId: number, userId: number): Promise<void> {
  await db
    .insertInto('inbox_members')
    .values({ inbox_id: inboxId, user_id: userId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(['inbox_id', 'user_id']).doNothing())
    .execute();
}

/** The agents who answer in this inbox, in the order they were added. */
export async function listInboxAgents(db: Db, inboxId: number): Promise<User[]> {
  const rows = await db
    .selectFrom('inbox_members')
    .innerJoin('users', 'users.id', 'inbox_members.user_id')
    .selectAll('users')
    .where('inbox_members.inbox_id', '=', inboxId)
    .orderBy('inbox_members.id')
    .execute();
  return rows.map(toUser);
}

/** An inbox the agent answers in, with its account and all of its agents (them included). */
export interface InboxTeam {
  inboxId: number;
  accountId: number;
  agents: User[];
}

/** Every inbox the agent is a member of, each with its agents in the order they were added: one query. */
export async function listUserInboxTeams(db: Db, userId: number): Promise<InboxTeam[]> {
  const rows = await db
    .selectFrom('inbox_members as mine')
    .innerJoin('inboxes', 'inboxes.id', 'mine.inbox_id')
    .innerJoin('inbox_members as member', 'member.inbox_id', 'mine.inbox_id')
    .innerJoin('users', 'users.id', 'member.user_id')
    .selectAll('users')
    .select(['inboxes.id as team_inbox_id', 'inboxes.account_id as team_account_id'])
    .where('mine.user_id', '=', userId)
    .orderBy('inboxes.id')
    .orderBy('member.id')
    .execute();
  const teams = new Map<number, InboxTeam>();
  for (const { team_inbox_id: inboxId, team_account_id: accountId, ...user } of rows) {
    let team = teams.get(inboxId);
    if (!team) teams.set(inboxId, (team = { inboxId, accountId, agents: [] }));
    team.agents.push(toUser(user));
  }
  return [...teams.values()];
}
