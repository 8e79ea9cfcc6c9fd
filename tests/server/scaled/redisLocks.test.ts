/**
 * The scaled mode's visitor lock in a real Redis: a short expiry that its living holder renews
 * while its task runs, so a long task keeps the lock and a dead holder's lock frees within the
 * expiry (docs/architecture.md#modes).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startRedis } from '../../../e2e/support/services.mjs';
import { randomToken } from '../../../server/lib/random';
import { SILENT_LOGGER } from '../../../server/observability/logger';
import { connectRedisCommands, type RedisCommands } from '../../../server/redis/redisConnection';
import { LOCK_EXPIRY_MS, RedisLocks } from '../../../server/redis/redisLocks';

// Short, so the tests wait a second or so rather than the production expiry; long enough that a
// machine busy with other suites still renews in time (every third of it).
const EXPIRY_MS = 1_000;

describe('the Redis lock: a short expiry, renewed by its living holder', () => {
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let connections: RedisCommands[] = [];
  let prefix: string;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.stop());
  beforeEach(() => {
    prefix = `wren-test-${randomToken(6)}:`;
  });
  afterEach(async () => {
    await Promise.all(connections.map((connection) => connection.close().catch(() => undefined)));
    connections = [];
  });

  /** A process's connection and locks, as `coordination.ts` makes them. */
  async function aProcess() {
    const connection = await connectRedisCommands(redis.url, SILENT_LOGGER, prefix);
    connections.push(connection);
    return { connection, locks: new RedisLocks(connection, { expiryMs: EXPIRY_MS, waitMs: 20 * EXPIRY_MS }) };
  }

  /** A task that runs until `finish` is called, and says when it has started. */
  function heldTask() {
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    const task = () => {
      started();
      return new Promise<void>((resolve) => (finish = resolve));
    };
    return { task, running, finish: () => finish() };
  }

  it('expires within a few seconds by default, not the 30 s a killed process used to hold it', async () => {
    const connection = await connectRedisCommands(redis.url, SILENT_LOGGER, prefix);
    connections.push(connection);
    const ttl = await new RedisLocks(connection).run('visitor:0', () => connection.commands.pttl(`${prefix}lock:visitor:0`));
    expect(LOCK_EXPIRY_MS).toBeLessThanOrEqual(5_000);
    expect(ttl).toBeGreaterThan(LOCK_EXPIRY_MS - 1_000);
    expect(ttl).toBeLessThanOrEqual(LOCK_EXPIRY_MS);
  });

  it('is kept by a task that runs for many expiries: no other process gets in before it ends', async () => {
    const [a, b] = [await aProcess(), await aProcess()];
    const long = heldTask();
    const order: string[] = [];
    const holding = a.locks.run('visitor:1', async () => {
      await long.task();
      order.push('a done');
    });
    await long.running;
    const waiting = b.locks.run('visitor:1', async () => {
      order.push('b started');
    });
    await sleep(3 * EXPIRY_MS);
    expect(await a.connection.commands.get(`${prefix}lock:visitor:1`)).not.toBeNull();
    expect(await a.connection.commands.pttl(`${prefix}lock:visitor:1`)).toBeLessThanOrEqual(EXPIRY_MS);
    expect(order).toEqual([]);
    long.finish();
    await Promise.all([holding, waiting]);
    expect(order).toEqual(['a done', 'b started']);
    expect(await a.connection.commands.exists(`${prefix}lock:visitor:1`)).toBe(0);
  });

  it('frees within its expiry once its holder dies mid-task: the next process gets it', async () => {
    const [a, b] = [await aProcess(), await aProcess()];
    const stuck = heldTask();
    void a.locks.run('visitor:2', stuck.task).catch(() => undefined);
    await stuck.running;
    await sleep(EXPIRY_MS);
    // Killed: no renewal and no release reaches Redis any more.
    a.connection.commands.disconnect();
    const diedAt = Date.now();
    const ttlAtDeath = await b.connection.commands.pttl(`${prefix}lock:visitor:2`);
    expect(ttlAtDeath).toBeGreaterThan(0);
    expect(ttlAtDeath).toBeLessThanOrEqual(EXPIRY_MS);
    let gotAt = 0;
    await b.locks.run('visitor:2', async () => {
      gotAt = Date.now();
    });
    // Freed by its expiry, not before (the lock was held) and not much later: what is left of one expiry.
    expect(gotAt - diedAt).toBeGreaterThanOrEqual(ttlAtDeath - 50);
    stuck.finish();
  });

  it('stops renewing once the lock is no longer its holder’s', async () => {
    const { connection, locks } = await aProcess();
    const long = heldTask();
    const holding = locks.run('visitor:3', long.task);
    await long.running;
    // Another owner's lock now (this one's expired and was taken): never extended by the first.
    await connection.commands.set(`${prefix}lock:visitor:3`, 'someone-else', 'PX', EXPIRY_MS);
    await sleep(EXPIRY_MS + 100);
    expect(await connection.commands.exists(`${prefix}lock:visitor:3`)).toBe(0);
    long.finish();
    await holding;
  });
});
