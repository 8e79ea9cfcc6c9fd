/**
 * Gateway mode as `server.ts` runs it (`CHATWOOT_URL` set): the app, the `/cable` forward to
 * attach to the listening server, the start banner, a readiness probe of Chatwoot for whatever
 * reports readiness, and with REDIS_URL the Redis in which every gateway process keeps the
 * inbox answers it shares (`inboxAnswers.ts`) and the ledger of visitors' sends (`sendOnce.ts`).
 */
import type { Server } from 'node:http';
import type { Config } from '../config';
import { SILENT_LOGGER, type Logger } from '../observability/logger';
import { observeProxiedSockets } from '../observability/metrics';
import { connectRedisCommands, type RedisCommands } from '../redis/redisConnection';
import { RedisAnswerStore } from '../redis/redisAnswerStore';
import { RedisLocks } from '../redis/redisLocks';
import { RedisSendLedger } from '../redis/redisSendLedger';
import type { ReadinessCheck } from '../routes/health';
import { KeyedLock } from '../lib/keyedLock';
import { type AnswerStore, InsuredAnswerStore, MemoryAnswerStore } from './answerStore';
import { attachCableForward, type CableForward } from './cableForward';
import { createChatwootClient } from './chatwootClient';
import { createGatewayApp } from './gatewayApp';
import { createInboxAnswers } from './inboxAnswers';
import { createTeamAway } from './teamAway';
import { createSendOnce } from './sendOnce';
import { MemorySendLedger, type SendLedger } from './sendLedger';
import { createSentEchoes } from './sentEchoes';
import { createWidgetConfigSource } from './widgetConfigSource';

/** How long the readiness probe waits for Chatwoot. */
const PROBE_TIMEOUT_MS = 3_000;

/** True when Chatwoot answers at all (any status below 500) within a few seconds. */
async function reachable(origin: string): Promise<boolean> {
  try {
    const answer = await fetch(`${origin}/api`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), redirect: 'manual' });
    await answer.body?.cancel();
    return answer.status < 500;
  } catch {
    return false;
  }
}

export interface GatewayModeOptions {
  logger?: Logger;
  /** Redis key prefix (tests give each gateway group its own; default `wren:`). */
  redisPrefix?: string;
}

/** Everything gateway mode needs from the process; connects Redis first when REDIS_URL is set. */
export async function gatewayMode(config: Config & { chatwootUrl: string }, options: GatewayModeOptions = {}) {
  const logger = options.logger ?? SILENT_LOGGER;
  const chatwoot = createChatwootClient({ origin: config.chatwootUrl, publicUrl: config.publicUrl });
  const chatwootReachable = () => reachable(chatwoot.origin);
  const redis: RedisCommands | undefined = config.redisUrl
    ? await connectRedisCommands(config.redisUrl, logger, options.redisPrefix)
    : undefined;
  const store: AnswerStore = redis ? new InsuredAnswerStore(new RedisAnswerStore(redis)) : new MemoryAnswerStore();
  const readiness: ReadinessCheck[] = [
    {
      name: 'chatwoot',
      probe: async () => {
        if (!(await chatwootReachable())) throw new Error('Chatwoot is unreachable');
      },
    },
    ...(redis ? [{ name: 'redis', probe: () => redis.ping() }] : []),
  ];
  let draining = false;
  const inboxAnswers = createInboxAnswers(chatwoot, store);
  const teamAway = createTeamAway(store, inboxAnswers, config.awayMode);
  const ledger: SendLedger = redis ? new RedisSendLedger(redis) : new MemorySendLedger();
  const sendOnce = createSendOnce({
    chatwoot,
    publicUrl: config.publicUrl,
    ledger,
    // A visitor's sends hold their lock while Chatwoot answers one, renewed for as long as it takes.
    locks: redis ? new RedisLocks(redis) : new KeyedLock(),
  });
  const sentEchoes = createSentEchoes({ chatwoot, ledger });
  const app = createGatewayApp({
    config,
    chatwoot,
    widgetConfig: createWidgetConfigSource(
      chatwoot,
      { inboxAnswers, teamAway, awayMode: config.awayMode, sentEchoes },
      { branding: config.branding },
    ),
    inboxAnswers,
    teamAway,
    sendOnce,
    sentEchoes,
    readiness,
    draining: () => draining,
    logger,
  });

  return {
    app,
    /** Serves `/cable` on `server` by forwarding it to Chatwoot. */
    attachRealtime(server: Server): CableForward {
      const cable = attachCableForward(server, chatwoot.origin, { publicUrl: config.publicUrl });
      observeProxiedSockets(() => cable.size);
      return {
        get size() {
          return cable.size;
        },
        async close() {
          await cable.close();
          observeProxiedSockets(undefined);
        },
      };
    },
    /** From now on `/readyz` answers 503, so load balancers send new visitors elsewhere. */
    drain() {
      draining = true;
    },
    /** Releases Redis. */
    async close() {
      await redis?.close();
    },
    banner: (host: string, port: number) =>
      [
        '',
        `  Wren gateway listening on ${config.host}:${port}, in front of ${chatwoot.origin}`,
        '',
        `  Embed snippet BASE_URL   http://${host}:${port}`,
        "  Website token            your Chatwoot inbox's (Settings → Inboxes → Configuration)",
        '',
      ].join('\n'),
    chatwootReachable,
  };
}
