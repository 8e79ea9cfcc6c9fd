/**
 * What a test of gateway processes sharing one Redis starts and stops: its own Redis, one upstream
 * reference server standing in for Chatwoot, and the Redis connections its gateways open.
 */
import { startRedis } from '../../../e2e/support/services.mjs';
import { SILENT_LOGGER } from '../../../server/observability/logger';
import { connectRedisCommands, type RedisCommands } from '../../../server/redis/redisConnection';
import { createFixture, type Fixture } from '../helpers';

export interface GatewaysOnRedis {
  redis: Awaited<ReturnType<typeof startRedis>>;
  upstream: Fixture;
  /** A connection to the test's Redis under `prefix`, closed after the test. */
  connect(prefix: string): Promise<RedisCommands>;
}

/** Registers the hooks of the enclosing `describe`; the fields are the current test's. */
export function gatewaysOnRedis(): GatewaysOnRedis {
  let connections: RedisCommands[] = [];
  const setup = {
    async connect(prefix: string) {
      const connection = await connectRedisCommands(setup.redis.url, SILENT_LOGGER, prefix);
      connections.push(connection);
      return connection;
    },
  } as GatewaysOnRedis;
  beforeEach(async () => {
    setup.redis = await startRedis();
    setup.upstream = await createFixture();
  });
  afterEach(async () => {
    await Promise.all(connections.map((connection) => connection.close()));
    connections = [];
    await setup.upstream.close();
    await setup.redis.stop();
  });
  return setup;
}
