/**
 * Self-proving pubsub tokens (docs/protocol.md#the-lazy-visitor). A visitor is stored only at their
 * first write, yet their widget subscribes to `/cable` before that: the cable must tell a token
 * this server handed out from a string someone made up without a database row to look it up in.
 * So the token signs itself: `<inbox id>.<16 random bytes>.<HMAC-SHA256 of both, 16 bytes>`
 * (base64url), at most 56 characters, within the `pubsub_token` column's 64. It names its inbox,
 * so the cable knows whose agents' presence to send. Tokens minted before this scheme (random
 * strings) are still found by their stored row.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const SHAPE = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;

function mac(secret: string, inboxId: number, nonce: string): Buffer {
  // The "pubsub" prefix keeps these MACs from ever being valid for another use of the same key.
  return createHmac('sha256', secret).update(`pubsub:${inboxId}.${nonce}`).digest().subarray(0, MAC_BYTES);
}

/** A new pubsub token for a visitor of `inboxId`. */
export function mintPubsubToken(secret: string, inboxId: number): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${inboxId}.${nonce}.${mac(secret, inboxId, nonce).toString('base64url')}`;
}

/** The inbox a token minted by `mintPubsubToken` with this secret belongs to; null for any other string. */
export function signedPubsubTokenInbox(secret: string, token: string): number | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  const inboxId = Number(match[1]);
  const expected = mac(secret, inboxId, match[2]);
  const given = Buffer.from(match[3], 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? inboxId : null;
}
