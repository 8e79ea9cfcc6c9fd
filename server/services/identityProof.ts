/**
 * The proof of a visitor's identity: the host page's server signs the user's `identifier` with
 * the inbox's `hmac_token` (HMAC-SHA256, hex) and the widget sends it as `identifier_hash`.
 * Nothing else a visitor sends proves who they are.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Inbox } from '../repositories/inboxes';

/** The error of a missing or wrong proof (Chatwoot's wording). */
export const HMAC_FAILED = 'HMAC failed: Invalid Identifier Hash Provided';

/** Lower-case hex HMAC-SHA256 of the identifier with the inbox's `hmac_token`. */
export function identifierHash(hmacToken: string, identifier: string): string {
  return createHmac('sha256', hmacToken).update(identifier).digest('hex');
}

/** Whether `hash` is the inbox's identifier hash of `identifier`. */
export function hashMatches(inbox: Inbox, identifier: string, hash: string | null | undefined): boolean {
  if (!hash) return false;
  const expected = Buffer.from(identifierHash(inbox.hmac_token, identifier));
  const given = Buffer.from(hash);
  // Constant time, so the hash cannot be guessed byte by byte from response timings.
  return given.length === expected.length && timingSafeEqual(given, expected);
}
