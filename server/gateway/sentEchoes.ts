/**
 * Chatwoot keeps no `echo_id`, so the visitor's messages in its lists carry none, and a page
 * taking on a message an earlier page left waiting (the widget's outbox) could not tell it is
 * stored already: it would show it twice. The gateway knows, for its ledger's window, which
 * message answered which of the visitor's sends (`sendLedger.ts`), and puts that `echo_id` back
 * on the messages it passes to the widget: the `/widget` page's data block (`pageData.ts`) and
 * the `GET /api/v1/widget/messages` answers, `?after=` and `?before=` alike. A message outside the
 * window carries none, as in Chatwoot (docs/operations.md#what-wren-promises).
 */
import type { Context } from 'hono';
import { MESSAGE_TYPE } from '../../src/shared/types';
import type { ChatwootClient } from './chatwootClient';
import type { SendLedger } from './sendLedger';
import { tokenVisitor } from './sendRequest';

interface ListedMessage {
  id: number;
  message_type?: unknown;
  echo_id?: string;
}

/**
 * `messages` with the `echo_id` of each that answered a send, by `echoIds` (message id →
 * `echo_id`): the visitor's own messages only, never an agent's.
 */
export function withEchoIds<M extends ListedMessage>(messages: M[], echoIds: ReadonlyMap<number, string>): M[] {
  if (echoIds.size === 0) return messages;
  return messages.map((message) => {
    const echoId = message.message_type === MESSAGE_TYPE.incoming ? echoIds.get(message.id) : undefined;
    return echoId && !message.echo_id ? { ...message, echo_id: echoId } : message;
  });
}

function isListedMessage(value: unknown): value is ListedMessage {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as ListedMessage).id);
}

/** Reads the ledger's `echo_id`s once per list, alongside Chatwoot's answer rather than after it. */
export function createSentEchoes({ chatwoot, ledger }: { chatwoot: ChatwootClient; ledger: SendLedger }) {
  /**
   * The `echo_id`s of the messages of the visitor holding `authToken` that answered a send
   * within the window. An unreadable ledger (Redis down) gives none: the list matters more than
   * the mark.
   */
  async function echoIdsOf(authToken: string | undefined): Promise<ReadonlyMap<number, string>> {
    const visitor = tokenVisitor(authToken)?.visitor;
    if (!visitor) return new Map();
    return ledger.answeredEchoIds(visitor).catch(() => new Map());
  }

  return {
    echoIdsOf,

    /** Forwards the visitor's `GET /api/v1/widget/messages`; a list Chatwoot gives comes back marked. */
    async list(c: Context): Promise<Response> {
      const [answer, echoIds] = await Promise.all([chatwoot.forward(c), echoIdsOf(c.req.header('x-auth-token'))]);
      if (answer.status !== 200 || echoIds.size === 0 || !/^application\/json\b/i.test(answer.headers.get('content-type') ?? ''))
        return answer;
      const text = await answer.text();
      let page: { payload?: unknown } | null;
      try {
        page = JSON.parse(text);
      } catch {
        page = null;
      }
      if (!Array.isArray(page?.payload) || !page.payload.every(isListedMessage)) return new Response(text, answer);
      const headers = new Headers(answer.headers);
      headers.delete('content-length');
      return new Response(JSON.stringify({ ...page, payload: withEchoIds(page.payload, echoIds) }), { status: 200, headers });
    },
  };
}

export type SentEchoes = ReturnType<typeof createSentEchoes>;
