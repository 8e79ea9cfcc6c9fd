/**
 * Gateway mode as `server.ts` runs it (`CHATWOOT_URL` set): the app, the `/cable` forward to
 * attach to the listening server, the start banner, and a readiness probe of Chatwoot for
 * whatever reports readiness.
 */
import type { Server } from 'node:http';
import type { Config } from '../config';
import type { Logger } from '../observability/logger';
import { createGatewayApp } from './gatewayApp';
import { attachCableForward, type CableForward } from './cableForward';
import { createChatwootClient } from './chatwootClient';
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

/** Everything gateway mode needs from the process. */
export function gatewayMode(config: Config & { chatwootUrl: string }, logger?: Logger) {
  const chatwoot = createChatwootClient({ origin: config.chatwootUrl, publicUrl: config.publicUrl });
  const chatwootReachable = () => reachable(chatwoot.origin);
  const readiness = [
    {
      name: 'chatwoot',
      probe: async () => {
        if (!(await chatwootReachable())) throw new Error('Chatwoot is unreachable');
      },
    },
  ];
  const app = createGatewayApp({
    config,
    chatwoot,
    widgetConfig: createWidgetConfigSource(chatwoot, { branding: config.branding }),
    readiness,
    logger,
  });

  return {
    app,
    /** Serves `/cable` on `server` by forwarding it to Chatwoot. */
    attachRealtime: (server: Server): CableForward => attachCableForward(server, chatwoot.origin, { publicUrl: config.publicUrl }),
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
