/**
 * How the console says what a bot's or an agent's interactive message is (the widget draws
 * buttons, forms and cards; an agent needs one line of what it asks) and what the visitor answered.
 */
import type { AgentMessage, UserPushData } from '../../shared/applicationApi';
import type { ContentAttributes, Handled, RichContentType } from '../../shared/contentAttributes';
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

type Summarise<K extends RichContentType> = (attributes: ContentAttributes<K>) => InteractiveSummary;

/**
 * The wire's lists, kept to their objects: the server checks what it stores by each kind's
 * schema, but an older message may hold anything, and the console must still show it.
 */
const entries = <T extends object>(value: readonly T[] | null | undefined): T[] =>
  Array.isArray(value) ? value.filter((x): x is T => !!x && typeof x === 'object') : [];
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
const listOf = (values: unknown[]) => values.map(text).filter(Boolean).join(', ');
const answered = (answer: string) => (answer ? { answer } : {});

/**
 * One line per rich kind (src/shared/contentAttributes.ts), naming the fields it reads
 * (`Handled`): a new kind or field fails `tsc` here until the console says something of it.
 * Pictures, links and payloads are left out: the agent needs what is asked and what came back.
 */
const SUMMARIES: { [K in RichContentType]: Summarise<K> } = {
  input_select: ({ items, submitted_values }: Handled<ContentAttributes<'input_select'>, 'items' | 'submitted_values'>) => {
    const chosen = entries(submitted_values);
    return {
      asks: `Options: ${listOf(entries(items).map((item) => item.title))}`,
      ...answered(listOf(chosen.map((choice) => choice.title)) || listOf(chosen.map((choice) => choice.value))),
    };
  },
  cards: ({ items }: Handled<ContentAttributes<'cards'>, 'items'>) => ({
    asks: `Cards: ${listOf(entries(items).map((card) => card.title))}`,
  }),
  form: ({ items, submitted_values }: Handled<ContentAttributes<'form'>, 'items' | 'button_label' | 'submitted_values'>) => {
    const fields = entries(items);
    const labels = new Map(fields.map((field) => [text(field.name), text(field.label) || text(field.name)]));
    const answers = entries(submitted_values)
      .map((value) => `${labels.get(text(value.name)) || text(value.name)}: ${text(value.value)}`)
      .join('; ');
    return {
      asks: `Form: ${listOf(fields.map((field) => field.label)) || listOf(fields.map((field) => field.name))}`,
      ...answered(answers),
    };
  },
  article: ({ items }: Handled<ContentAttributes<'article'>, 'items'>) => ({
    asks: `Articles: ${listOf(entries(items).map((item) => item.title))}`,
  }),
  input_email: ({ submitted_email }: Handled<ContentAttributes<'input_email'>, 'submitted_email'>) => ({
    asks: 'Asks for an e-mail address',
    ...answered(text(submitted_email)),
  }),
  input_text: ({ submitted_values }: Handled<ContentAttributes<'input_text'>, 'submitted_values'>) => ({
    asks: 'Asks for a reply in a text field',
    ...answered(listOf(entries(submitted_values).map((value) => value.value))),
  }),
  input_textarea: ({ submitted_values }: Handled<ContentAttributes<'input_textarea'>, 'submitted_values'>) => ({
    asks: 'Asks for a reply in a text field',
    ...answered(listOf(entries(submitted_values).map((value) => value.value))),
  }),
  input_csat: ({ submitted_values }: Handled<ContentAttributes<'input_csat'>, 'display_type' | 'submitted_values'>) => {
    const response = submitted_values?.csat_survey_response;
    const feedback = text(response?.feedback_message);
    return {
      asks: 'Satisfaction survey',
      ...answered(response ? `Rated ${text(response.rating)} of 5${feedback ? `: “${feedback}”` : ''}` : ''),
    };
  },
  // Which service, and its meeting or URL, are the visitor's business: the agent sees that one was offered.
  integrations: (_call: Handled<ContentAttributes<'integrations'>, 'type' | 'data'>) => ({ asks: 'Video call invitation' }),
};

const isRichContentType = (contentType: string): contentType is RichContentType => Object.hasOwn(SUMMARIES, contentType);

function summarise<K extends RichContentType>(contentType: K, attributes: Record<string, unknown>): InteractiveSummary {
  return SUMMARIES[contentType](attributes as ContentAttributes<K>);
}

/** The summary of an interactive message, or null for plain text, notes and activities. */
export function interactiveSummary(message: Pick<AgentMessage, 'content_type' | 'content_attributes'>): InteractiveSummary | null {
  return isRichContentType(message.content_type) ? summarise(message.content_type, message.content_attributes ?? {}) : null;
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
