/**
 * Gateway mode stores each visitor message in Chatwoot once (docs/operations.md#what-differs-through-a-gateway). Chatwoot
 * keeps no `echo_id`, so a send whose answer was lost and that the widget sends again would be
 * stored twice there. The gateway therefore writes every send into its ledger
 * (`sendLedger.ts`) before forwarding it, and Chatwoot's answer once it has it:
 *
 * - a send answered before is answered with the message that answered it, read from the
 *   visitor's conversation with their own token (the ledger keeps its id, not the answer), and
 *   is not forwarded;
 * - a send forwarded before whose outcome never came back (Chatwoot failed or did not answer in
 *   time, or the gateway stopped meanwhile) is first looked for in the visitor's conversation: a
 *   message of theirs whose text has its digest, created since it was forwarded and answering no
 *   other send, is its copy; only when there is none is it forwarded again;
 * - the same visitor's sends wait for each other (`Locks`: across processes with Redis), so a
 *   send arriving again while the first is under way gets the first one's answer;
 * - a new send the ledger has no room for is not forwarded: 429 when the visitor's own share is
 *   full, 503 when everyone's is, each with Retry-After; the widget keeps it and tries again.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { MESSAGES_PAGE_SIZE } from '../../src/shared/limits';
import { MESSAGE_TYPE } from '../../src/shared/types';
import { MessagesPage } from '../contract/widgetApiShapes';
import { ApiError, UnavailableError } from '../lib/apiError';
import { RateLimitedError } from '../limits/rateLimits';
import type { Locks } from '../lib/keyedLock';
import { countGatewaySend } from '../observability/metrics';
import { callOrigin, type ChatwootClient } from './chatwootClient';
import { upstreamRequestHeaders } from './forwardHeaders';
import { type ForwardedSend, type SendLedger, SendLedgerFull, contentDigest } from './sendLedger';
import { readSendRequest, type Send } from './sendRequest';

/**
 * How far apart the gateway's clock and Chatwoot's may be: a message Chatwoot dated this much
 * before the send was forwarded may still be its copy.
 */
export const CLOCK_SKEW_S = 5;

/** Pages of the conversation read back for a send's copy; a send is found on the first in practice. */
const MAX_PAGES = 5;

const ROUTE = '/api/v1/widget/messages';

type ListedMessage = v.InferOutput<typeof MessagesPage>['payload'][number];

export interface SendOnceDeps {
  chatwoot: ChatwootClient;
  ledger: SendLedger;
  locks: Locks;
  publicUrl?: string;
  now?: () => number;
}

/**
 * `POST /messages`' answer for a message read from the conversation: the created-message shape,
 * with what a listed message lacks (a visitor's message is never private and has no source id).
 */
function createdAnswer(message: ListedMessage, send: Send): Response {
  const { id, content, conversation_id, message_type, created_at, content_attributes, status, attachments, sender } = message;
  const created = {
    id,
    content,
    inbox_id: send.inboxId,
    conversation_id,
    message_type,
    created_at,
    private: false,
    source_id: null,
    content_attributes,
    ...(status && { status }),
    ...(attachments && { attachments }),
    sender: sender ?? null,
  };
  return Response.json(created);
}

/** The id of the message in Chatwoot's answer to a send, if it has one. */
function messageIdOf(body: string): number | undefined {
  try {
    const { id } = JSON.parse(body) as { id?: unknown };
    return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined;
  } catch {
    return undefined;
  }
}

/** Forwards the widget's sends to Chatwoot so that each is stored there once. */
export function createSendOnce({ chatwoot, ledger, locks, publicUrl, now = Date.now }: SendOnceDeps) {
  /**
   * Reads the visitor's conversation from Chatwoot with their own token, newest page first: the
   * messages `keep` picks (it answers true to stop reading), or Chatwoot's refusal.
   */
  async function readConversation(c: Context, keep: (page: ListedMessage[]) => boolean): Promise<{ refused: Response } | { read: true }> {
    const query = new URLSearchParams(new URL(c.req.url).search);
    const headers = upstreamRequestHeaders(new Headers({ accept: 'application/json' }), callOrigin(c, publicUrl));
    headers.set('x-auth-token', c.req.header('x-auth-token') ?? '');
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await chatwoot.call(`${ROUTE}?${query}`, {
        route: ROUTE,
        method: 'GET',
        headers,
        body: null,
        signal: c.req.raw.signal,
      });
      if (answer.status !== 200) return { refused: answer };
      const parsed = v.safeParse(MessagesPage, await answer.json().catch(() => undefined));
      if (!parsed.success) return { refused: Response.json({ error: 'Chatwoot answered in an unexpected shape' }, { status: 502 }) };
      const messages = parsed.output.payload;
      if (keep(messages) || messages.length < MESSAGES_PAGE_SIZE) break;
      query.set('before', String(messages[0].id));
    }
    return { read: true };
  }

  /**
   * The copy Chatwoot stored of `send`, forwarded as `forwarded` without an answer: the visitor's
   * oldest message whose text has its digest, created since then, that answers none of their
   * other sends.
   */
  async function storedCopy(c: Context, send: Send, forwarded: ForwardedSend) {
    if (forwarded.digest === null) return { copy: undefined };
    const since = Math.floor(forwarded.at / 1000) - CLOCK_SKEW_S;
    const taken = await ledger.answeredEchoIds(send.visitor);
    let copy: ListedMessage | undefined;
    const read = await readConversation(c, (page) => {
      for (const message of page)
        if (
          message.message_type === MESSAGE_TYPE.incoming &&
          message.created_at >= since &&
          !taken.has(message.id) &&
          (!copy || message.id < copy.id) &&
          typeof message.content === 'string' &&
          contentDigest(message.content) === forwarded.digest
        )
          copy = message;
      return page.length > 0 && page[0].created_at < since;
    });
    return 'refused' in read ? read : { copy };
  }

  /**
   * The visitor's message `messageId` as their token reads it in their conversation: a token
   * that cannot read it (another visitor's, or it is gone) is never answered with it.
   */
  async function readMessage(c: Context, messageId: number) {
    let found: ListedMessage | undefined;
    const read = await readConversation(c, (page) => {
      found ??= page.find((message) => message.id === messageId && message.message_type === MESSAGE_TYPE.incoming);
      return found !== undefined || (page.length > 0 && page[0].id < messageId);
    });
    return 'refused' in read ? read : { found };
  }

  /** Forwards `send` once its ledger says it was not stored; records what comes back. */
  async function forward(c: Context, send: Send, body: ReadableStream<Uint8Array> | null): Promise<Response> {
    await ledger.set(send.visitor, send.echoId, {
      state: 'forwarded',
      at: now(),
      digest: send.content === null ? null : contentDigest(send.content),
    });
    countGatewaySend('forwarded');
    const answer = await chatwoot.forward(c, body);
    if (answer.status >= 400 && answer.status < 500) {
      // Refused: nothing was stored, and sending it again is a new attempt.
      await ledger.delete(send.visitor, send.echoId);
      return answer;
    }
    if (!answer.ok) return answer;
    const text = await answer.text();
    const messageId = messageIdOf(text);
    // Without an id the answer cannot be told from another: the send stays "forwarded", to be
    // looked for in the conversation if it comes again; so it does should the ledger fail now.
    if (messageId) await ledger.set(send.visitor, send.echoId, { state: 'answered', messageId }).catch(() => undefined);
    return new Response(text, { status: answer.status, headers: answer.headers });
  }

  async function sendOnce(c: Context, send: Send, body: ReadableStream<Uint8Array> | null): Promise<Response> {
    const record = await ledger.get(send.visitor, send.echoId);
    if (record?.state === 'answered') {
      const stored = await readMessage(c, record.messageId);
      if ('refused' in stored) return stored.refused;
      if (stored.found) {
        countGatewaySend('answered_again');
        return createdAnswer(stored.found, send);
      }
      return forward(c, send, body);
    }
    if (record?.state === 'forwarded') {
      const found = await storedCopy(c, send, record);
      if ('refused' in found) return found.refused;
      if (found.copy) {
        await ledger.set(send.visitor, send.echoId, { state: 'answered', messageId: found.copy.id });
        countGatewaySend('found_stored');
        return createdAnswer(found.copy, send);
      }
    }
    return forward(c, send, body);
  }

  /**
   * Handles a visitor's `POST /api/v1/widget/messages`. When the ledger cannot be read or written
   * (Redis down), nothing is forwarded: the visitor is told to try again shortly (503), as the
   * reference server tells them when it cannot take the lock on their sends. A ledger without
   * room answers 429 (the visitor's share) or 503 (everyone's), each with Retry-After.
   */
  return async function send(c: Context): Promise<Response> {
    const { send, body } = await readSendRequest(c);
    if (!send) return chatwoot.forward(c, body);
    try {
      return await locks.run(`gateway-send:${send.visitor}`, () => sendOnce(c, send, body));
    } catch (error) {
      if (error instanceof SendLedgerFull) throw ledgerFullError(error);
      throw error instanceof ApiError ? error : new UnavailableError('The server is busy; please try again', 2);
    }
  };
}

/**
 * What a visitor is told when the ledger has no room for their send. A visitor past their share
 * waits until their own oldest send leaves the window; with everyone's full, the widget's
 * back-off (at most 30 s) tries again long before the minute said.
 */
function ledgerFullError(full: SendLedgerFull): ApiError {
  countGatewaySend('refused_full');
  if (full.scope === 'visitor') return new RateLimitedError(full.retryAfterS);
  return new UnavailableError('The server is taking no new messages for a moment; please try again', Math.min(full.retryAfterS, 60));
}

export type SendOnce = ReturnType<typeof createSendOnce>;
