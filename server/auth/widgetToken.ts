/**
 * The visitor's session token (docs/protocol.md#visitor-token): an HS256 JWT `{source_id, inbox_id, iat, exp}`
 * signed with SECRET_KEY_BASE, valid for 180 days. Sent back as `X-Auth-Token`.
 */
import { sign, verify } from 'hono/jwt';

export const WIDGET_TOKEN_TTL_S = 180 * 24 * 60 * 60;

export interface WidgetTokenClaims {
  source_id: string;
  inbox_id: number;
}

/** Mints a token for the contact-inbox; `nowS` (unix seconds) is injectable for tests. */
export async function signWidgetToken(secret: string, claims: WidgetTokenClaims, nowS = Math.floor(Date.now() / 1000)): Promise<string> {
  return sign({ source_id: claims.source_id, inbox_id: claims.inbox_id, iat: nowS, exp: nowS + WIDGET_TOKEN_TTL_S }, secret, 'HS256');
}

/**
 * The claims of a valid token, or null for anything else (absent, malformed, wrong signature,
 * expired or without an expiry, wrong claim types): an invalid token is treated exactly like no token.
 */
export async function verifyWidgetToken(secret: string, token: string | null | undefined): Promise<WidgetTokenClaims | null> {
  if (!token || token.length > 2048) return null;
  try {
    const payload = await verify(token, secret, 'HS256');
    const { source_id: sourceId, inbox_id: inboxId, exp } = payload;
    // `verify` checks `exp` only when present; a token that never expires is never valid.
    // Every token Wren mints carries one (180 days, as Chatwoot's), so no visitor loses a session.
    if (typeof exp !== 'number') return null;
    if (typeof sourceId !== 'string' || !sourceId) return null;
    // Chatwoot's Ruby side may serialise the inbox id as a number; accept a numeric string too.
    const inbox = typeof inboxId === 'number' ? inboxId : typeof inboxId === 'string' && /^\d+$/.test(inboxId) ? Number(inboxId) : NaN;
    return Number.isInteger(inbox) ? { source_id: sourceId, inbox_id: inbox } : null;
  } catch {
    return null;
  }
}
