/**
 * The database a test fixture runs on: a private in-memory SQLite by default, or — in the
 * `postgres` project (vitest.config.mjs), where `servicesSetup.ts` provides a cluster — a fresh
 * PostgreSQL database cloned from the migrated template and dropped afterwards.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, createPostgresDatabase, type Db } from '../../../server/db/database';
import { TEMPLATE_DATABASE } from './templateDatabase';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test cluster's maintenance database URL; unset → the tests run on SQLite. */
    postgresUrl?: string;
    redisUrl?: string;
  }
}

/** The engine this test run exercises. */
export const TEST_ENGINE: 'sqlite' | 'postgres' = inject('postgresUrl') ? 'postgres' : 'sqlite';

/** The run's Redis (`postgres` project only). */
export function testRedisUrl(): string {
  const url = inject('redisUrl');
  if (!url) throw new Error('no Redis in this test project: scaled-mode tests run in the postgres project');
  return url;
}

/**
 * Drops `name` once its connections are gone: pg's pool reports itself ended while its clients
 * are still saying goodbye, and a forced drop would cut them off mid-sentence (each then logs an
 * error). After a second it drops anyway.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 1000; waited += 10) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

let admin: Promise<pg.Client> | undefined;
let created = 0;

function adminClient(): Promise<pg.Client> {
  admin ??= (async () => {
    const client = new pg.Client(inject('postgresUrl'));
    await client.connect();
    return client;
  })();
  return admin;
}

function databaseUrl(name: string): string {
  const url = new URL(inject('postgresUrl')!);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestDatabase {
  db: Db;
  /** `DATABASE_URL` of this database (PostgreSQL only): for servers started on it. */
  url?: string;
  /** `databasePath` for SQLite; the database's name on PostgreSQL. */
  name: string;
  /** Closes the connection(s); drops a cloned PostgreSQL database unless it was asked to be kept. */
  close(): Promise<void>;
}

/**
 * A migrated database. `keep` names one that outlives the fixture (a restart test reopens it
 * by the same name): on SQLite that is the file path, on PostgreSQL a database derived from it.
 */
export async function createTestDatabase(keep?: string): Promise<TestDatabase> {
  if (TEST_ENGINE === 'sqlite') {
    const name = keep ?? ':memory:';
    const db = createDatabase(name);
    return { db, name, close: () => db.destroy() };
  }
  const client = await adminClient();
  const name = keep ? `wren_kept_${createHash('sha1').update(keep).digest('hex').slice(0, 16)}` : `wren_test_${process.pid}_${++created}`;
  const exists = keep && (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await client.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  const url = databaseUrl(name);
  const db = createPostgresDatabase(url, 4);
  return {
    db,
    url,
    name,
    async close() {
      await db.destroy();
      if (!keep) await dropDatabase(client, name);
    },
  };
}

/** A fresh, migrated PostgreSQL database for servers a test starts itself (`postgres` project only). */
export async function createSharedPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const client = await adminClient();
  const name = `wren_shared_${process.pid}_${++created}`;
  await client.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
  return { url: databaseUrl(name), drop: () => dropDatabase(client, name) };
}
