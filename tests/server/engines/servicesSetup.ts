/**
 * Global setup of the `postgres` test project: one throwaway PostgreSQL cluster and one Redis
 * for the whole run (Debian's packages, free ports, temporary folders), and a migrated template
 * database every fixture clones. Stopped when the run ends.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase, migrateToLatest } from '../../../server/db/database';
import { startPostgres, startRedis } from '../../../e2e/support/services.mjs';
import { TEMPLATE_DATABASE } from './templateDatabase';

export default async function setup(project: TestProject) {
  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const admin = new pg.Client(postgres.url());
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = createPostgresDatabase(postgres.url(TEMPLATE_DATABASE), 1);
  await migrateToLatest(template);
  await template.destroy();
  project.provide('postgresUrl', postgres.url());
  project.provide('redisUrl', redis.url);
  return async () => {
    await redis.stop();
    postgres.stop();
  };
}
