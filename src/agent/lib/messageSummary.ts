/**
 * How the console says what a bot's or an agent's interactive message is (the widget draws
 * buttons, forms and cards; an agent needs one line of what it asks) and what the visitor answered.
 */
import type { AgentMessage, UserPushData } from '../../shared/applicationApi';
import { MESSAGE_TYPE } from '../../shared/types';

/**
 * Who wrote a message, as the agent would say it: the visitor by `contactName`, an agent by name,
 * and "Bot" for a bot or the inbox itself (no sender: its e-mail question to an away visitor).
 */
export function authorOf(message: Pick<AgentMessage, 'message_type' | 'sender_type' | 'sender'>, contactName: string): string {
  if (message.message_type === MESSAGE_TYPE.incoming) return contactName;
  if (message.sender_type === 'AgentBot' || !message.sender) return 'Bot';
  return (message.sender as UserPushData).available_name || message.sender.name;
}

export interface InteractiveSummary {
  /** What the message offers or asks, e.g. "Options: Track my order, Talk to a human". */
  asks: string;
  /** The visitor's answer, once given. */
  answer?: string;
}

type Entry = Record<string, unknown>;
const entries = (value: unknown): Entry[] => (Array.isArray(value) ? value.filter((x): x is Entry => !!x && typeof x === 'object') : []);
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
const listOf = (items: Entry[], key: string) =>
  items
    .map((item) => text(item[key]))
    .filter(Boolean)
    .join(', ');

/** The summary of an interactive message, or null for plain text, notes and activities. */
export function interactiveSummary(message: Pick<AgentMessage, 'content_type' | 'content_attributes'>): InteractiveSummary | null {
  const attributes = message.content_attributes ?? {};
  const items = entries(attributes.items);
  const submitted = entries(attributes.submitted_values);
  const answered = (values: string) => (values ? { answer: values } : {});
  switch (message.content_type) {
    case 'input_select':
      return { asks: `Options: ${listOf(items, 'title')}`, ...answered(listOf(submitted, 'title') || listOf(submitted, 'value')) };
    case 'cards':
      return { asks: `Cards: ${listOf(items, 'title')}`, ...answered(listOf(submitted, 'title') || listOf(submitted, 'value')) };
    case 'form': {
      const labels = new Map(items.map((item) => [text(item.name), text(item.label) || text(item.name)]));
      const answers = submitted.map((s) => `${labels.get(text(s.name)) || text(s.name)}: ${text(s.value)}`).join('; ');
      return { asks: `Form: ${listOf(items, 'label') || listOf(items, 'name')}`, ...answered(answers) };
    }
    case 'article':
      return { asks: `Articles: ${listOf(items, 'title')}` };
    case 'input_email':
      return { asks: 'Asks for an e-mail address', ...answered(text(attributes.submitted_email)) };
    case 'input_text':
    case 'input_textarea':
      return { asks: 'Asks for a reply in a text field', ...answered(listOf(submitted, 'value')) };
    case 'input_csat': {
      const response = (attributes.submitted_values as { csat_survey_response?: Entry } | undefined)?.csat_survey_response;
      const rating = response
        ? `Rated ${text(response.rating)} of 5${text(response.feedback_message) ? `: “${text(response.feedback_message)}”` : ''}`
        : '';
      return { asks: 'Satisfaction survey', ...answered(rating) };
    }
    case 'integrations':
      return { asks: 'Video call invitation' };
    default:
      return null;
  }
}

/** Only http(s) links are drawn as links: a stored URL is never trusted with another scheme. */
export function safeHref(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, location.origin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The file name in an upload URL (`/uploads/<key>/<name>`), for a link's text. */
export function fileName(url: string): string {
  try {
    const last = new URL(url, location.origin).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : 'file';
  } catch {
    return 'file';
  }
}
