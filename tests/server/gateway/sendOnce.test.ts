/**
 * Gateway mode stores each visitor message in Chatwoot once, although Chatwoot keeps no
 * `echo_id`: the upstream here is the reference server with every `echo_id` taken out of the
 * sends it receives, so it stores whatever reaches it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signWidgetToken } from '../../../server/auth/widgetToken';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';
import { CLOCK_SKEW_S } from '../../../server/gateway/sendOnce';
import { MemorySendLedger, type SendLedgerBounds } from '../../../server/gateway/sendLedger';
import { KeyedLock } from '../../../server/lib/keyedLock';
import { contractBreaches } from '../contract/widgetApiContract';
import { createFixture, type Fixture } from '../helpers';
import { chatwootOf, gatewayInFrontOf, sendsIn, sendThrough } from './gatewayFixture';

describe('gateway mode: each send stored in Chatwoot once', () => {
  let upstream: Fixture;
  afterEach(async () => {
    await upstream?.close();
  });

  async function setUp(options: Parameters<typeof chatwootOf>[1] = {}, now?: () => number, bounds?: SendLedgerBounds) {
    upstream = await createFixture();
    const chatwoot = chatwootOf(upstream, options);
    const sends = bounds && { ledger: new MemorySendLedger(bounds, now), locks: new KeyedLock() };
    const gateway = await gatewayInFrontOf(upstream, { fetch: chatwoot.fetch, now, sends });
    const visitor = await upstream.visit();
    const send = (message: Record<string, unknown>, token = visitor.authToken) => sendThrough(gateway, token, message);
    const stored = async () =>
      ((await (await upstream.widget('/messages', visitor)).json()).payload as { id: number; content: string }[]).map((m) => m.content);
    return { ...chatwoot, gateway, visitor, send, stored };
  }

  it('answers a send that comes again with the message that answered it, read back, without forwarding it', async () => {
    const { send, stored, asked } = await setUp();
    const first = await send({ content: 'Where is my order?', echo_id: 'e-1' });
    expect(first.status).toBe(200);
    const again = await send({ content: 'Where is my order?', echo_id: 'e-1' });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(sendsIn(asked)).toBe(1);
    // The ledger keeps the message's id, not the answer: the visitor's own token reads it back.
    expect(asked.filter((call) => call === 'GET /api/v1/widget/messages')).toHaveLength(1);
    expect(await stored()).toEqual(['Where is my order?']);
  });

  it('finds a send Chatwoot stored without the gateway hearing its answer, and does not store it again', async () => {
    let lose = true;
    const { send, stored, asked, gateway } = await setUp({ lose: () => (lose ? 'after' : undefined) });
    const failed = await send({ content: 'Is it shipped?', echo_id: 'e-1' });
    expect(failed.status).toBe(502);
    lose = false;
    const again = await send({ content: 'Is it shipped?', echo_id: 'e-1' });
    expect(again.status).toBe(200);
    const body = await again.text();
    expect(JSON.parse(body)).toMatchObject({ content: 'Is it shipped?', message_type: 0, inbox_id: 1, private: false });
    // Rebuilt from the conversation, it is still the created-message answer the document describes.
    expect(
      await contractBreaches({ method: 'POST', url: `/api/v1/widget/messages?website_token=${gateway.token}`, status: 200, body }),
    ).toEqual([]);
    expect(sendsIn(asked)).toBe(1);
    // Found once, it is answered by its id from then on: read back, never looked for again.
    const third = await send({ content: 'Is it shipped?', echo_id: 'e-1' });
    expect(await third.text()).toBe(body);
    expect(asked.filter((call) => call === 'GET /api/v1/widget/messages')).toHaveLength(2);
    expect(sendsIn(asked)).toBe(1);
    expect(await stored()).toEqual(['Is it shipped?']);
  });

  it('sends again a send that never reached Chatwoot, once', async () => {
    let lose = true;
    const { send, stored, asked } = await setUp({ lose: () => (lose ? 'before' : undefined) });
    expect((await send({ content: 'Hello?', echo_id: 'e-1' })).status).toBe(502);
    lose = false;
    expect((await send({ content: 'Hello?', echo_id: 'e-1' })).status).toBe(200);
    expect(sendsIn(asked)).toBe(2);
    expect(await stored()).toEqual(['Hello?']);
  });

  it('tells two sends of the same text apart: a lost second one is not taken for the first', async () => {
    const lost = new Set(['e-2', 'e-3']);
    let current = '';
    const { send, stored } = await setUp({ lose: () => (lost.has(current) ? (current === 'e-2' ? 'after' : 'before') : undefined) });
    const ok = async (echoId: string) => {
      current = echoId;
      return send({ content: 'ok', echo_id: echoId });
    };
    const first = await (await ok('e-1')).json();
    expect((await ok('e-2')).status).toBe(502);
    expect((await ok('e-3')).status).toBe(502);
    lost.clear();
    const second = await (await ok('e-2')).json();
    const third = await (await ok('e-3')).json();
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(await stored()).toEqual(['ok', 'ok', 'ok']);
  });

  it('does not take an older message of the same text, from before the send, for its copy', async () => {
    let clock = Date.now();
    let lose: 'before' | undefined;
    const { send, stored } = await setUp({ lose: () => lose }, () => clock);
    await send({ content: 'thanks', echo_id: 'e-1' });
    // A day later the ledger has forgotten e-1: only the time tells the two apart.
    clock += SEND_WINDOW_MS + CLOCK_SKEW_S * 1000;
    lose = 'before';
    expect((await send({ content: 'thanks', echo_id: 'e-2' })).status).toBe(502);
    lose = undefined;
    expect((await send({ content: 'thanks', echo_id: 'e-2' })).status).toBe(200);
    expect(await stored()).toEqual(['thanks', 'thanks']);
  });

  it('makes a send that arrives again while the first is under way wait for its answer', async () => {
    const { send, stored, asked } = await setUp({ delayMs: 150 });
    const [a, b] = await Promise.all([
      send({ content: 'Double click', echo_id: 'e-1' }),
      send({ content: 'Double click', echo_id: 'e-1' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.text()).toBe(await a.text());
    expect(sendsIn(asked)).toBe(1);
    expect(await stored()).toEqual(['Double click']);
  });

  it('forgets a send Chatwoot refused: sent again, it is a new attempt', async () => {
    const { send, stored, asked } = await setUp();
    const refused = await send({ content: '   ', echo_id: 'e-1' });
    expect(refused.status).toBe(422);
    expect((await send({ content: '   ', echo_id: 'e-1' })).status).toBe(422);
    expect(sendsIn(asked)).toBe(2);
    expect(await stored()).toEqual([]);
  });

  it('gives a stored answer to another token of the visitor only once Chatwoot shows it the message', async () => {
    const { send, stored, visitor, asked } = await setUp();
    const first = await (await send({ content: 'From the first page', echo_id: 'e-1' })).text();
    // Another page of the site got a token of its own for the same visitor.
    const [, payload] = visitor.authToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const otherPage = await signWidgetToken(upstream.config.secretKeyBase, claims, claims.iat - 60);
    const again = await send({ content: 'From the first page', echo_id: 'e-1' }, otherPage);
    expect(await again.text()).toBe(first);
    expect(sendsIn(asked)).toBe(1);
    // A token with the visitor's claims but not Chatwoot's signature gets no stored answer.
    const forged = `${otherPage.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    const refused = await send({ content: 'From the first page', echo_id: 'e-1' }, forged);
    expect(refused.status).not.toBe(200);
    expect(await refused.text()).not.toContain('From the first page');
    expect(await stored()).toEqual(['From the first page']);
  });

  it('stores an upload once: its echo_id read from the fields before the file, the file streamed through', async () => {
    const { gateway, visitor, stored, asked } = await setUp();
    const upload = () => {
      const form = new FormData();
      form.append('message[echo_id]', 'e-upload');
      form.append('message[referer_url]', 'https://shop.example/');
      form.append('message[attachments][]', new File([new Uint8Array(100_000).fill(7)], 'notes.txt', { type: 'text/plain' }));
      return gateway.app.request(`/api/v1/widget/messages?website_token=${gateway.token}`, {
        method: 'POST',
        headers: { 'x-auth-token': visitor.authToken },
        body: form,
      });
    };
    const first = await upload();
    expect(first.status).toBe(200);
    const created = await first.json();
    expect(created.attachments[0]).toMatchObject({ file_type: 'file', file_size: 100_000 });
    const again = await upload();
    expect((await again.json()).id).toBe(created.id);
    expect(sendsIn(asked)).toBe(1);
    expect(await stored()).toEqual([null]);
  });

  it('forwards a send without an echo_id, or without a visitor, as it is', async () => {
    const { send, stored, asked } = await setUp();
    await send({ content: 'No echo' });
    await send({ content: 'No echo' });
    expect(sendsIn(asked)).toBe(2);
    expect(await stored()).toEqual(['No echo', 'No echo']);
    expect((await send({ content: 'Nobody', echo_id: 'e-9' }, 'not-a-token')).status).toBe(404);
  });

  it("keeps a visitor's lost send through 900 sends of 10,000 characters from six others: its retry is found, not sent again", {
    timeout: 120_000,
  }, async () => {
    upstream = await createFixture();
    let lose: 'after' | undefined = 'after';
    const chatwoot = chatwootOf(upstream, { lose: () => lose });
    const visitor = await upstream.visit();
    // The others' sends are answered by a stand-in that stores nothing: only the gateway's work is measured.
    let others = 0;
    const fetch = (async (request: Request) => {
      if (request.headers.get('x-auth-token') === visitor.authToken) return chatwoot.fetch(request);
      const { message } = await request.json();
      return Response.json({ id: 1_000_000 + others++, content: message.content, message_type: 0, private: false });
    }) as typeof globalThis.fetch;
    const gateway = await gatewayInFrontOf(upstream, { fetch });
    const send = () => sendThrough(gateway, visitor.authToken, { content: 'Where is my parcel?', echo_id: 'a-1' });
    expect((await send()).status).toBe(502);
    lose = undefined;
    // Quotes double in a JSON answer: kept whole, the answers would have weighed 36 MB.
    const long = `${'"'.repeat(9_999)}!`;
    const tokens = await Promise.all(Array.from({ length: 6 }, async () => (await upstream.visit()).authToken));
    await Promise.all(
      tokens.map(async (token, v) => {
        for (let i = 0; i < 150; i++)
          expect((await sendThrough(gateway, token, { content: long, echo_id: `o${v}-${i}` })).status).toBe(200);
      }),
    );
    expect(others).toBe(900);
    expect((await send()).status).toBe(200);
    expect(sendsIn(chatwoot.asked)).toBe(1);
    const stored = (await (await upstream.widget('/messages', visitor)).json()).payload as { content: string }[];
    expect(stored.map((m) => m.content)).toEqual(['Where is my parcel?']);
  });

  it("refuses a new send it has no room for, forwarding nothing: 503 past everyone's bound, 429 past the visitor's share", async () => {
    const { send, asked, gateway } = await setUp({}, undefined, { maxSends: 3, maxBytes: 1_000_000, maxSendsPerVisitor: 2 });
    expect((await send({ content: 'one', echo_id: 'e-1' })).status).toBe(200);
    expect((await send({ content: 'two', echo_id: 'e-2' })).status).toBe(200);
    const mine = await send({ content: 'three', echo_id: 'e-3' });
    expect(mine.status).toBe(429);
    expect(Number(mine.headers.get('retry-after'))).toBeGreaterThan(60);
    const other = await upstream.visit();
    expect((await sendThrough(gateway, other.authToken, { content: 'hello', echo_id: 'o-1' })).status).toBe(200);
    const third = await upstream.visit();
    const full = await sendThrough(gateway, third.authToken, { content: 'hi', echo_id: 't-1' });
    expect(full.status).toBe(503);
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await full.json()).toEqual({ error: expect.stringContaining('try again') });
    expect(sendsIn(asked)).toBe(3);
    // Every send taken is still recognised: a retry is answered, not stored again.
    expect((await send({ content: 'one', echo_id: 'e-1' })).status).toBe(200);
    expect(sendsIn(asked)).toBe(3);
  });
});
