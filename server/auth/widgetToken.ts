/**
 * The visitor's session token (docs/protocol.md#visitor-token): an HS256 JWT `{source_id, inbox_id,
 * pubsub_token, iat, exp}` signed with SECRET_KEY_BASE, valid for 180 days. Sent back as
 * `X-Auth-Token`. `pubsub_token` lets a visitor who is not stored yet be stored later with the
 * same identity (docs/protocol.md#the-lazy-visitor); tokens minted before it lack the claim.
 */
import { sign, verify } from 'hono/jwt';
import { TtlCache } from '../lib/ttlCache';

export const WIDGET_TOKEN_TTL_S = 180 * 24 * 60 * 60;

/** Valid tokens kept verified: about a kilobyte each, and a busy server's visitors of the last minutes. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface WidgetTokenClaims {
  source_id: string;
  inbox_id: number;
  /** The visitor's cable token; absent from tokens minted before visitors were stored lazily. */
  pubsub_token?: string;
}

/** Mints a token for the visitor; `nowS` (unix seconds) is injectable for tests. */
export async function signWidgetToken(secret: string, claims: WidgetTokenClaims, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  const { source_id, inbox_id, pubsub_token } = claims;
  return sign({ source_id, inbox_id, ...(pubsub_token && { pubsub_token }), iat: nowS, exp: nowS + WIDGET_TOKEN_TTL_S }, secret, 'HS256');
}

/**
 * A visitor's widget sends the same token with every call, and checking its signature through
 * WebCrypto cost about a tenth of a widget request's CPU: a token found valid is kept, with the
 * secret that signed it, until it expires (docs/performance.md#server-cpu). Only valid tokens are
 * kept, so a stream of forged ones cannot push the real ones out; at most `VERIFIED_TOKENS_KEPT`.
 */
const verified = new TtlCache<string, { secret: string; claims: WidgetTokenClaims }>(0, VERIFIED_TOKENS_KEPT, () => Date.now());

/**
 * The claims of a valid token, or null for anything else (absent, malformed, wrong signature,
 * expired or without an expiry, wrong claim types): an invalid token is treated exactly like no token.
 */
export async function verifyWidgetToken(secret: string, token: string | null | undefined): Promise<WidgetTokenClaims | null> {
  if (!token || token.length > 2048) return null;
  const known = verified.get(token);
  if (known?.secret === secret) return { ...known.claims };
  const checked = await checkWidgetToken(secret, token);
  if (!checked) return null;
  const { expiresAtMs, ...claims } = checked;
  verified.set(token, { secret, claims }, expiresAtMs - Date.now());
  return { ...claims };
}

/** `verifyWidgetToken` without the memory: the signature, the expiry and the claims' types, checked. */
async function checkWidgetToken(secret: string, token: string): Promise<(WidgetTokenClaims & { expiresAtMs: number }) | null> {
  try {
    const payload = await verify(token, secret, 'HS256');
    const { source_id: sourceId, inbox_id: inboxId, pubsub_token: pubsubToken, exp } = payload;
    // `verify` checks `exp` only when present; a token that never expires is never valid.
    // Every token Wren mints carries one (180 days, as Chatwoot's), so no visitor loses a session.
    if (typeof exp !== 'number') return null;
    if (typeof sourceId !== 'string' || !sourceId) return null;
    // Chatwoot's Ruby side may serialise the inbox id as a number; accept a numeric string too.
    const inbox = typeof inboxId === 'number' ? inboxId : typeof inboxId === 'string' && /^\d+$/.test(inboxId) ? Number(inboxId) : NaN;
    if (!Number.isInteger(inbox)) return null;
    return {
      source_id: sourceId,
      inbox_id: inbox,
      ...(typeof pubsubToken === 'string' && pubsubToken && { pubsub_token: pubsubToken }),
      expiresAtMs: exp * 1000,
    };
  } catch {
    return null;
  }
}
