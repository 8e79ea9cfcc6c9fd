/**
 * A typing indicator clears itself this long after the last `typing_on` (docs/behaviour.md#conversation-status):
 * the widget's for an agent, the agent console's for a visitor. A module of its own: the widget's
 * first paint needs this number and none of the cable's code.
 */
export const TYPING_TIMEOUT_MS = 30_000;
