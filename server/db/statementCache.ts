/**
 * better-sqlite3 parses and plans SQL on `prepare`, and Kysely's SQLite driver prepares every
 * query it runs. The handle Kysely is given here keeps the statement of each SQL text it has
 * prepared (at most `capacity`, the oldest dropped first), so the queries of a request the server
 * has answered before run without being parsed again (docs/performance.md#server-cpu).
 */
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** How many SQL texts keep their statement: every query of the code, and the `in (?, …)` lists' lengths. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * `sqlite` for Kysely, preparing each SQL text once while it is among the last `capacity`
 * prepared. The code's queries are far fewer than that; what can push one out is the `in (?, …)`
 * lists' many lengths, and then it is prepared once more. Keeping the most recently used instead
 * would cost a reordering of the map on every query, more than the rare preparation it saves.
 */
export function cachingStatements(sqlite: SQLite.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      // A statement still being iterated (a streamed query) cannot run twice at once: a fresh one does.
      if (cached) return cached.busy ? sqlite.prepare(sql) : cached;
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
