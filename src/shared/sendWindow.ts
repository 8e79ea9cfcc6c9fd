/**
 * How long a visitor's message may still be sent again and be recognised as the same message:
 * the widget's outbox drops what is older instead of sending it, and the gateway's ledger
 * remembers each forwarded `echo_id` at least this long. One number, so the two cannot drift:
 * an outbox that kept messages longer than the ledger remembers them would have them stored twice.
 */
export const SEND_WINDOW_MS = 24 * 60 * 60 * 1000;
