/**
 * better-sqlite3 parses and plans SQL on `prepare`, and Kysely's SQLite driver prepares every
 * query it runs. The handle Kysely is given here keeps the statement of each SQL text it has
 * prepared (the `capacity` most recently used), so the queries of a request the server has
 * answered before run without being parsed again (docs/performance.md#server-cpu).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many SQL texts keep their statement: every query of the code, and the `in (?, …)` lists' lengths. */
const STATEMENT_CACHE_SIZE = 500;

/** `sqlite` for Kysely, preparing each SQL text once while it stays among the `capacity` most recently used. */
export function cachingStatements(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // A statement still being iterated (a streamed query) cannot run twice at once: a fresh one does.
      if (cached?.busy) return sqlite.prepare(sql);
      if (cached) {
        // Most recently used last: the first in the map is the one to drop.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
