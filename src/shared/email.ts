/**
 * The e-mail address rule, in one place. `isEmailAddress` is its shape, deliberately loose as
 * Chatwoot's widget applies it (something@something.tld, no spaces): the widget answers with it
 * as the visitor types. `isSingleEmailAddress` is the whole rule, which the server applies wherever
 * it takes an address to store or to mail to (422 otherwise): the shape, and nothing a mail header
 * reads as a separator, a comment, a quote or a group (`,` `;` `:` `<` `>` `(` `)` `[` `]` `"` `\`,
 * NUL), so `v@x.example,postmaster` can never become a second recipient. (The widget's first
 * paint carries the shape alone: it has no room for the rest.)
 */

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `value` has an e-mail address's shape. Callers trim first where the visitor typed it. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value);
}

const HEADER_SPECIALS = /[\0\r\n,;:<>()[\]"\\]/;

/** Whether a mail header would read `value` as more than one address, or as more than an address. */
export function readsAsMoreThanOneAddress(value: string): boolean {
  return HEADER_SPECIALS.test(value);
}

/** Whether `value` is one e-mail address, and nothing a mail header would read as more. */
export function isSingleEmailAddress(value: string): boolean {
  return isEmailAddress(value) && !HEADER_SPECIALS.test(value) && value.length <= 254;
}
