/**
 * A visitor's `POST /api/v1/widget/messages` as the gateway reads it to store it once
 * (`sendOnce.ts`): who sends it, its `echo_id` and text, and the body to pass on unchanged.
 *
 * JSON bodies are small and read whole. An upload is streamed to Chatwoot as it arrives; the
 * gateway reads only its text fields before the first file (the widget sends `message[echo_id]`
 * first), from a branch of the stream, and never holds a file.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { MAX_ECHO_ID_LENGTH } from '../../src/shared/limits';
import { multipartBoundary, readMultipart } from '../uploads/multipart';

/** A send the gateway can recognise when it comes again. */
export interface Send {
  /** A digest of the visitor the token names (their inbox and contact), never the token itself. */
  visitor: string;
  /** The inbox the token names, which Chatwoot's answer to a send carries. */
  inboxId: number;
  echoId: string;
  /** The message's text; null for an upload, which is recognised by `echo_id` alone. */
  content: string | null;
}

export interface SendRequest {
  /** Undefined when the request names no visitor or no `echo_id`: it is forwarded as it is. */
  send?: Send;
  /** The body to forward: the request's own bytes. */
  body: ReadableStream<Uint8Array> | null;
}

/** How much of an upload is read for its leading text fields: a few hundred bytes in practice. */
const LEADING_FIELDS_BYTES = 64 * 1024;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 32);

/**
 * The visitor a widget token names: the claims of the JWT's payload, read without checking its
 * signature, which only Chatwoot can. That is safe here because nothing is answered on the
 * strength of it alone: a send is answered from the ledger only with the message Chatwoot shows
 * that very token in its conversation (`sendOnce.ts`), and `echo_id`s go only on a list Chatwoot
 * gave that token (`sentEchoes.ts`).
 */
export function tokenVisitor(token: string | undefined): Pick<Send, 'visitor' | 'inboxId'> | undefined {
  const payload = token && token.length <= 2048 ? token.split('.')[1] : undefined;
  if (!token || !payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { source_id?: unknown; inbox_id?: unknown };
    const inboxId = Number(claims.inbox_id);
    if (typeof claims.source_id !== 'string' || !claims.source_id || !Number.isSafeInteger(inboxId) || inboxId < 1) return undefined;
    return { visitor: digest(`${inboxId}:${claims.source_id}`), inboxId };
  } catch {
    return undefined;
  }
}

const echoIdOf = (value: unknown) =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ECHO_ID_LENGTH ? value : undefined;

/** `message.echo_id` and `message.content` of a JSON body, when it has them. */
function jsonSend(text: string): { echoId?: string; content: string | null } {
  try {
    const { message } = JSON.parse(text) as { message?: { echo_id?: unknown; content?: unknown } };
    return { echoId: echoIdOf(message?.echo_id), content: typeof message?.content === 'string' ? message.content : null };
  } catch {
    return { content: null };
  }
}

const FIRST_FILE = new Error('the first file');

/** The text fields of a multipart `body` before its first file (all of them, without a file). */
async function leadingFields(body: ReadableStream<Uint8Array>, boundary: string): Promise<readonly [string, string][]> {
  let leading: readonly [string, string][] = [];
  try {
    leading = await readMultipart(
      body,
      boundary,
      { maxBodyBytes: LEADING_FIELDS_BYTES, maxFieldBytes: 4096, maxParts: 16 },
      async (_, before) => {
        leading = [...before];
        throw FIRST_FILE;
      },
    );
  } catch (error) {
    // Past the bytes read, or not multipart Chatwoot would take: forwarded without recognition.
    if (error !== FIRST_FILE) return [];
  }
  return leading;
}

/** Reads `c`, a visitor's send; a JSON body must be within the gateway's body limit already. */
export async function readSendRequest(c: Context): Promise<SendRequest> {
  const visitor = tokenVisitor(c.req.header('x-auth-token'));
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (boundary && c.req.raw.body) {
    const [forwarded, read] = c.req.raw.body.tee();
    const fields = await leadingFields(read, boundary);
    const echoId = echoIdOf(fields.find(([name]) => name === 'message[echo_id]')?.[1]);
    return { send: visitor && echoId ? { ...visitor, echoId, content: null } : undefined, body: forwarded };
  }
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return { body: c.req.raw.body };
  const text = await c.req.text();
  const { echoId, content } = jsonSend(text);
  return { send: visitor && echoId ? { ...visitor, echoId, content } : undefined, body: new Response(text).body };
}
