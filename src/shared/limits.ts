/**
 * Limits the widget enforces as the visitor types and the server enforces again on receipt.
 */

/** Maximum length of a visitor message on a web widget, in UTF-16 code units (docs/behaviour.md#validation). */
export const MAX_MESSAGE_LENGTH = 10_000;

/**
 * Messages in a page of a conversation's history: the latest page, and each `before=` page
 * (docs/protocol.md#messages). An empty one is the start of the conversation.
 */
export const MESSAGES_PAGE_SIZE = 20;

/**
 * Messages in an `after=` page, the fill of what a dropped connection missed: the oldest this many
 * after the cursor (docs/protocol.md#messages), so a longer gap is read page after page.
 */
export const MISSED_PAGE_SIZE = 100;

/** Longest `echo_id` a send may carry: the widget's are UUIDs (docs/protocol.md#messages). */
export const MAX_ECHO_ID_LENGTH = 255;
