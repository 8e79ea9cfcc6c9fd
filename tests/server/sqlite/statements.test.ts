// The SQLite statements a request runs are prepared once (server/db/statementCache.ts): a
// widget request the server has answered before parses no SQL. SQLite's own: the `postgres`
// project leaves this file out.
import SQLite from 'better-sqlite3';
import { cachingStatements } from '../../../server/db/statementCache';
import { createFixture, sendMessage, type Fixture } from '../helpers';

let fx: Fixture;
afterEach(() => fx?.close());

describe("a widget request's SQL statements", () => {
  it('are prepared by the first such request only: the next page and message prepare none', async () => {
    fx = await createFixture();
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello', { echo_id: 'e-1' });
    await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: { content: 'an answer' } });
    await sendMessage(fx, visitor, 'and more', { echo_id: 'e-2' });
    expect((await fx.widget('/messages', visitor)).status).toBe(200);

    const prepare = vi.spyOn(SQLite.prototype, 'prepare');
    try {
      const page = await fx.widget('/messages', visitor);
      expect(((await page.json()) as { payload: unknown[] }).payload).toHaveLength(3);
      await sendMessage(fx, visitor, 'once more', { echo_id: 'e-3' });
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      prepare.mockRestore();
    }
  });
});

describe('the statement cache', () => {
  const sqlite = new SQLite(':memory:');
  afterAll(() => sqlite.close());

  it('keeps at most as many statements as it may, dropping the oldest, and prepares a dropped one again', () => {
    const db = cachingStatements(sqlite, 2);
    const [one, two] = [db.prepare('select 1'), db.prepare('select 2')];
    expect(db.prepare('select 1')).toBe(one);
    db.prepare('select 3');
    expect(db.prepare('select 2')).toBe(two);
    const again = db.prepare('select 1');
    expect(again).not.toBe(one);
    expect(again.all([])).toEqual([{ 1: 1 }]);
  });

  it('gives a statement still being iterated to no second caller', () => {
    const db = cachingStatements(sqlite);
    const statement = db.prepare('select 1 as n union all select 2');
    const rows = statement.iterate([]);
    rows.next();
    const other = db.prepare('select 1 as n union all select 2');
    expect(other).not.toBe(statement);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    rows.return?.();
    expect(db.prepare('select 1 as n union all select 2')).toBe(statement);
  });
});
