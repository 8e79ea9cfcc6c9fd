/**
 * The one e-mail address check, deliberately loose (something@something.tld, no spaces), as
 * Chatwoot's widget applies it: the widget uses it to answer at once, the server to decide
 * what it stores.
 */

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `value` looks like an e-mail address. Callers trim first where the visitor typed it. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}
