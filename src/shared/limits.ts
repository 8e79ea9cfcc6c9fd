/**
 * Limits the widget enforces as the visitor types and the server enforces again on receipt.
 */

/** Maximum length of a visitor message on a web widget, in UTF-16 code units (docs/behaviour.md#validation). */
export const MAX_MESSAGE_LENGTH = 10_000;
