/**
 * The `/widget` page's data in gateway mode, from Chatwoot (docs/protocol.md#config,
 * docs/protocol.md#the-data-block): its `POST /api/v1/widget/config` for the inbox and the
 * visitor's tokens, and alongside it the first paint's data (`pageData.ts`), then the inbox's
 * agent bot, which only Chatwoot's own page names (`inboxAnswers.ts`), so the page carries
 * what the reference server's carries. Every config answer is visitor-specific: it mints the
 * visitor's token (and, without a valid `X-Auth-Token`, creates their contact), so those are
 * never shared. What Chatwoot says about the website token itself (unknown, account suspended)
 * is the same for every visitor and is cached per token, briefly and boundedly, so a page
 * embedding a wrong or revoked token does not cost Chatwoot one request per view.
 */
import type { AwayMode } from '../../src/shared/awayMode';
import type { WidgetBootConfig, WidgetInitialData } from '../../src/shared/types';
import { TtlCache } from '../lib/ttlCache';
import { bootConfigFromChatwoot } from '../presenters/widgetConfig';
import { DEFAULT_BRANDING, type Branding } from '../config';
import { widgetGlobalConfig } from '../routes/widgetPage';
import type { ChatwootClient } from './chatwootClient';
import { type CallOrigin, upstreamRequestHeaders } from './forwardHeaders';
import type { InboxAnswers } from './inboxAnswers';
import { contactFromConfig, inboxReads, visitorReads } from './pageData';
import type { SentEchoes } from './sentEchoes';
import type { TeamAway } from './teamAway';

export const TOKEN_VERDICT_TTL_MS = 60_000;
export const TOKEN_VERDICT_MAX = 1_000;

/** Chatwoot's default upload limit in MB, when its global config leaves it out. */
const DEFAULT_UPLOAD_MB = 40;

export const WIDGET_MISSING = { error: 'web widget does not exist' } as const;
const BAD_ANSWER = { error: 'Chatwoot answered the widget config in an unexpected shape' } as const;

// The JWT travels as a header; anything that cannot be one is treated as no token (docs/protocol.md#visitor-token).
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** What a website token may look like; anything else is unknown without asking Chatwoot. */
export const WEBSITE_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

export type WidgetConfigResult =
  | { ok: true; config: WidgetBootConfig }
  | { ok: false; status: 401 | 404 | 502 | 504; body: Record<string, unknown> };

type Verdict = Extract<WidgetConfigResult, { ok: false }>;

/** Where the data block's parts come from, besides Chatwoot. */
export interface WidgetConfigParts {
  /** The inbox's shared answers (agents, campaigns). */
  inboxAnswers: InboxAnswers;
  /** Keeps each inbox's hours and away mode for the loader's away signal (`teamAway.ts`). */
  teamAway: TeamAway;
  /** The away mode of an inbox whose Chatwoot answer names none (AWAY_MODE). */
  awayMode: AwayMode;
  /** Puts back the `echo_id`s of the visitor's messages, which Chatwoot keeps none of. */
  sentEchoes: Pick<SentEchoes, 'echoIdsOf'>;
}

/**
 * Loads the data block for a visitor, through `chatwoot`; the rest through `parts`. `branding`
 * (the environment's) fills in what Chatwoot's global config leaves out.
 */
export function createWidgetConfigSource(
  chatwoot: ChatwootClient,
  { inboxAnswers, teamAway, awayMode, sentEchoes }: WidgetConfigParts,
  options: { now?: () => number; branding?: Branding } = {},
) {
  const verdicts = new TtlCache<string, Verdict>(TOKEN_VERDICT_TTL_MS, TOKEN_VERDICT_MAX, options.now);
  const { DIRECT_UPLOADS_ENABLED: _direct, ...defaults } = widgetGlobalConfig(
    { branding: options.branding ?? DEFAULT_BRANDING, maxUploadMb: DEFAULT_UPLOAD_MB },
    null,
  );

  /** Chatwoot's config answer for the visitor of `authToken`, or a new one. */
  async function askConfig(websiteToken: string, authToken: string | undefined, from: CallOrigin): Promise<Response> {
    const headers = upstreamRequestHeaders(new Headers({ accept: 'application/json' }), from);
    if (authToken) headers.set('x-auth-token', authToken);
    return chatwoot.call(`/api/v1/widget/config?website_token=${encodeURIComponent(websiteToken)}`, {
      route: '/api/v1/widget/config',
      method: 'POST',
      headers,
      body: null,
    });
  }

  return {
    /**
     * The data block for the visitor holding `cwConversation` (or a new visitor) of the inbox
     * with `websiteToken`. `from` is the visitor's request, for `X-Forwarded-For`.
     */
    async load(websiteToken: string | undefined, cwConversation: string | undefined, from: CallOrigin): Promise<WidgetConfigResult> {
      if (!websiteToken || !WEBSITE_TOKEN.test(websiteToken)) return { ok: false, status: 404, body: WIDGET_MISSING };
      const known = verdicts.get(websiteToken);
      if (known) return known;

      const authToken = cwConversation && cwConversation.length <= 2048 && JWT.test(cwConversation) ? cwConversation : undefined;
      // One round trip to Chatwoot: the config, the visitor's reads and the inbox's answers at once
      // (and, when it is not kept, a second for the inbox's agent bot below).
      const [answer, visitor, inbox] = await Promise.all([
        askConfig(websiteToken, authToken, from),
        visitorReads(chatwoot, sentEchoes, websiteToken, authToken, from),
        inboxReads(inboxAnswers, websiteToken, from),
      ]);

      if (answer.status === 404 || answer.status === 401) {
        const body = answer.status === 404 ? WIDGET_MISSING : await answer.json().catch(() => ({ error: 'Account is suspended' }));
        const verdict: Verdict = { ok: false, status: answer.status, body };
        verdicts.set(websiteToken, verdict);
        return verdict;
      }
      if (answer.status === 502 || answer.status === 504) return { ok: false, status: answer.status, body: await answer.json() };
      if (!answer.ok) {
        await answer.body?.cancel();
        return { ok: false, status: 502, body: { error: `Chatwoot answered the widget config with status ${answer.status}` } };
      }
      const raw = await answer.json().catch(() => null);
      const parsedConfig = bootConfigFromChatwoot(raw, { origin: chatwoot.origin, defaults, awayMode });
      if (!parsedConfig) return { ok: false, status: 502, body: BAD_ANSWER };
      // After the config: its token is one Chatwoot issued, so reading its page creates no contact.
      const hasAConnectedAgentBot = await inboxAnswers.agentBotName(websiteToken, parsedConfig.authToken, from);
      const config = { ...parsedConfig, chatwootWebChannel: { ...parsedConfig.chatwootWebChannel, hasAConnectedAgentBot } };
      await teamAway.keep(websiteToken, config.chatwootWebChannel);
      const contact = contactFromConfig(raw);
      // Whatever Chatwoot could not give leaves the page without the data: the widget asks for it.
      const initialData: WidgetInitialData | undefined =
        contact && visitor && inbox ? { contact, ...visitor, ...inbox, catchUp: 'request' } : undefined;
      return { ok: true, config: initialData ? { ...config, initialData } : config };
    },
  };
}

export type WidgetConfigSource = ReturnType<typeof createWidgetConfigSource>;
