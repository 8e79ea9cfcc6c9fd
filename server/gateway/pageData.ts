/**
 * The first paint's data in gateway mode (docs/protocol.md#the-data-block): what the reference
 * server's `/widget` page carries, read from Chatwoot server-side, so the widget's first open asks
 * Chatwoot nothing itself. A returning visitor's conversation and latest messages are asked with
 * their token, alongside the config; the inbox's agents and campaigns come from the answers kept
 * per website token (`inboxAnswers.ts`); the contact is the config's own. A first-time visitor
 * has no conversation to ask for.
 *
 * Chatwoot's answers are input from another system: each is read with the widget API's schemas
 * (server/contract/widgetApiShapes.ts, the OpenAPI document's source), which keep the keys the
 * document names. One of another shape leaves the page without the data, and the widget asks
 * for it as before.
 */
import * as v from 'valibot';
import type { ConversationSummary, MessagesPage, WidgetContact, WidgetInitialData } from '../../src/shared/types';
import {
  Campaigns,
  CurrentConversation,
  InboxMembers,
  MessagesPage as MessagesPageSchema,
  WidgetConfig,
} from '../contract/widgetApiShapes';
import type { ChatwootClient } from './chatwootClient';
import { type CallOrigin, upstreamRequestHeaders } from './forwardHeaders';
import type { InboxAnswer, InboxAnswers } from './inboxAnswers';
import { type SentEchoes, withEchoIds } from './sentEchoes';

/** The config answer's `contact`: the visitor the token names, or the one it minted. */
const ConfigContact = v.object({ contact: WidgetConfig.entries.contact });

/** `answer`'s body parsed by `schema`, or undefined when it is not a 200 of that shape. */
function parsed<S extends v.GenericSchema>(schema: S, answer: Pick<InboxAnswer, 'status' | 'body'>): v.InferOutput<S> | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const result = v.safeParse(schema, JSON.parse(answer.body));
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/** `GET /contact` as Chatwoot would answer it, from the config's `contact` (the same record). */
export function contactFromConfig(config: unknown): WidgetContact | undefined {
  const result = v.safeParse(ConfigContact, config);
  if (!result.success) return undefined;
  const { contact } = result.output;
  return {
    id: contact.id,
    has_email: Boolean(contact.email),
    has_name: Boolean(contact.name),
    has_phone_number: Boolean(contact.phone_number),
    identifier: contact.identifier,
  };
}

/** The visitor's own reads: their conversation and its latest page of messages. */
export interface VisitorReads {
  conversation: ConversationSummary | null;
  messages: MessagesPage;
}

const NOTHING_YET: VisitorReads = { conversation: null, messages: { payload: [], meta: {} } };

/**
 * What the visitor holding `authToken` has in the inbox of `websiteToken`, asked of Chatwoot
 * in parallel; without a token, nothing (a first-time visitor), at no request. A token
 * Chatwoot does not know (404) is a visitor with nothing: the config mints them a new one.
 * Undefined when Chatwoot failed otherwise. The messages carry the `echo_id`s the gateway
 * remembers (`sentEchoes.ts`), as the reference server's data block does.
 */
export async function visitorReads(
  chatwoot: ChatwootClient,
  sentEchoes: Pick<SentEchoes, 'echoIdsOf'>,
  websiteToken: string,
  authToken: string | undefined,
  from: CallOrigin,
): Promise<VisitorReads | undefined> {
  if (!authToken) return NOTHING_YET;
  const query = `?website_token=${encodeURIComponent(websiteToken)}`;
  const read = async (path: string) => {
    const headers = upstreamRequestHeaders(new Headers({ accept: 'application/json' }), from);
    headers.set('x-auth-token', authToken);
    const answer = await chatwoot.call(`${path}${query}`, { route: path, method: 'GET', headers, body: null });
    return { status: answer.status, body: await answer.text().catch(() => '') };
  };
  const [conversation, messages, echoIds] = await Promise.all([
    read('/api/v1/widget/conversations'),
    read('/api/v1/widget/messages'),
    sentEchoes.echoIdsOf(authToken),
  ]);
  if (conversation.status === 404 && messages.status === 404) return NOTHING_YET;
  const current = parsed(CurrentConversation, conversation);
  const page = parsed(MessagesPageSchema, messages);
  if (!current || !page) return undefined;
  // The document knows one sender more than the widget's type (Chatwoot's AI assistant), which
  // the widget shows as it shows a bot.
  const { payload, meta } = page as MessagesPage;
  return {
    conversation: 'id' in current ? current : null,
    messages: { payload: withEchoIds(payload, echoIds), meta },
  };
}

/** The inbox's agents and campaigns, from the shared answers; undefined when either failed. */
export async function inboxReads(
  answers: InboxAnswers,
  websiteToken: string,
  from: CallOrigin,
): Promise<Pick<WidgetInitialData, 'inboxMembers' | 'campaigns'> | undefined> {
  const [members, campaigns] = await Promise.all([
    answers.read('inbox_members', websiteToken, from),
    answers.read('campaigns', websiteToken, from),
  ]);
  const memberList = parsed(InboxMembers, members);
  const campaignList = parsed(Campaigns, campaigns);
  if (!memberList || !campaignList) return undefined;
  return { inboxMembers: memberList.payload, campaigns: campaignList };
}
