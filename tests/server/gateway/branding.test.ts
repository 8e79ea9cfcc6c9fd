import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { MemoryAnswerStore } from '../../../server/gateway/answerStore';
import { createChatwootClient } from '../../../server/gateway/chatwootClient';
import { createInboxAnswers } from '../../../server/gateway/inboxAnswers';
import { MemorySendLedger } from '../../../server/gateway/sendLedger';
import { createSentEchoes } from '../../../server/gateway/sentEchoes';
import { createTeamAway } from '../../../server/gateway/teamAway';
import { createWidgetConfigSource } from '../../../server/gateway/widgetConfigSource';

/** The gateway's data block when Chatwoot's config answer carries `globalConfig` and nothing else of note. */
async function globalConfigFrom(globalConfig: Record<string, unknown>, env: Record<string, string>) {
  const chatwoot = createChatwootClient({
    origin: 'https://chatwoot.example',
    fetch: (async () =>
      Response.json({
        website_channel_config: { auth_token: 'a.b.c', website_token: 'tok' },
        contact: { pubsub_token: 'pubsub' },
        global_config: globalConfig,
      })) as unknown as typeof fetch,
  });
  const store = new MemoryAnswerStore();
  const inboxAnswers = createInboxAnswers(chatwoot, store);
  const teamAway = createTeamAway(store, inboxAnswers, 'chat');
  const sentEchoes = createSentEchoes({ chatwoot, ledger: new MemorySendLedger() });
  const source = createWidgetConfigSource(
    chatwoot,
    { inboxAnswers, teamAway, awayMode: 'chat', sentEchoes },
    { branding: loadConfig(env).branding },
  );
  const result = await source.load('tok', undefined, { address: '203.0.113.9', host: undefined, proto: 'https' });
  if (!result.ok) throw new Error(`no data block: ${result.status}`);
  return result.config.globalConfig;
}

describe("gateway mode's branding", () => {
  it("is Chatwoot's where its config answer says, the environment's where it is silent", async () => {
    const env = { BRAND_NAME: 'Acme Chat', WIDGET_BRAND_URL: 'https://www.acme.example/', INSTALLATION_NAME: 'Acme Support' };
    expect(await globalConfigFrom({ BRAND_NAME: 'Chatwoot', LOGO_THUMBNAIL: '/brand-assets/logo_thumbnail.svg' }, env)).toEqual({
      LOGO_THUMBNAIL: 'https://chatwoot.example/brand-assets/logo_thumbnail.svg',
      BRAND_NAME: 'Chatwoot',
      WIDGET_BRAND_URL: 'https://www.acme.example/',
      DIRECT_UPLOADS_ENABLED: false,
      MAXIMUM_FILE_UPLOAD_SIZE: 40,
      INSTALLATION_NAME: 'Acme Support',
    });
  });

  it("keeps Chatwoot's empty brand name, which turns the branding footer off", async () => {
    expect(await globalConfigFrom({ BRAND_NAME: '' }, { BRAND_NAME: 'Acme Chat' })).toMatchObject({ BRAND_NAME: '' });
  });
});
