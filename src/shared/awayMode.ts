/**
 * What an inbox offers visitors while nobody can answer (docs/behaviour.md#away-mode): the chat
 * as always, an e-mail form in its place, or no launcher at all. "Away" is outside working hours, or no
 * agent online (docs/behaviour.md#away-mode).
 */
export const AWAY_MODES = ['chat', 'email_form', 'hide_launcher'] as const;

export type AwayMode = (typeof AWAY_MODES)[number];

/**
 * The header of `GET /api/v1/widget/campaigns` that tells the loader the team is away, before
 * any frame: present only then, its value the inbox's away mode (docs/protocol.md#inbox-members-campaigns-events-labels).
 */
export const AWAY_HEADER = 'X-Wren-Away';
