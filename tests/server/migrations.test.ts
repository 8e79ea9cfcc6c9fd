import type { MigrationResultSet } from 'kysely';
import { createMigrator, migrateToLatest, type Db } from '../../server/db/database';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './engines/testDatabase';

/**
 * Every migration has a `down` (the `ReversibleMigration` type makes it compulsory) and it
 * really undoes its `up`: walked down to nothing and up again, one step at a time, on SQLite
 * and in the `postgres` project on PostgreSQL.
 */

/** The schema as the engine reports it: each table with its columns, types and nullability. */
async function schemaOf(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .map((table) => [table.name, table.columns.map((c) => `${c.name} ${c.dataType}${c.isNullable ? '' : ' not null'}`).sort()] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** The step's migration name, failing the test with the migration's own error. */
function applied({ error, results }: MigrationResultSet): string {
  if (error) throw error;
  expect(results).toHaveLength(1);
  expect(results?.[0].status).toBe('Success');
  return results![0].migrationName;
}

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterEach(() => database.close());

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('each undoes itself: down one at a time to an empty database, then up again to the same schema at every step', async () => {
    const migrator = createMigrator(database.db);
    const total = (await migrator.getMigrations()).length;
    const schemas: Record<string, string[]>[] = [await schemaOf(database.db)];
    const undone: string[] = [];
    for (let step = 0; step < total; step++) {
      undone.push(applied(await migrator.migrateDown()));
      schemas.push(await schemaOf(database.db));
    }
    expect(undone).toEqual((await migrator.getMigrations()).map((m) => m.name).reverse());
    expect(schemas.at(-1)).toEqual({});

    for (let step = total - 1; step >= 0; step--) {
      applied(await migrator.migrateUp());
      expect(await schemaOf(database.db)).toEqual(schemas[step]);
    }
  }, 60_000);
});
