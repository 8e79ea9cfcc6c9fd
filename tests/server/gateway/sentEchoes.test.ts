/**
 * Gateway mode puts back the `echo_id` Chatwoot keeps none of on the visitor's messages it passes
 * to the widget, within its ledger's window: a page taking on a message an earlier page left
 * waiting then knows it is stored already and shows it once. The upstream here is the reference
 * server with every `echo_id` taken out of the sends it receives, so its lists carry none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySendLedger } from '../../../server/gateway/sendLedger';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';
import { KeyedLock } from '../../../server/lib/keyedLock';
import type { WidgetMessage } from '../../../src/shared/types';
import { createFixture, readBootConfig, sendMessage, type Fixture } from '../helpers';
import { chatwootOf, gatewayInFrontOf, passedThroughBreaches, sendThrough } from './gatewayFixture';

describe('gateway mode: echo_ids on the lists it passes on', () => {
  let upstream: Fixture;
  afterEach(async () => {
    await upstream?.close();
    // Marked, the lists still keep the widget API's document.
    expect(await passedThroughBreaches()).toEqual([]);
  });

  async function setUp(ledger = new MemorySendLedger()) {
    upstream = await createFixture();
    const chatwoot = chatwootOf(upstream);
    const gateway = await gatewayInFrontOf(upstream, { fetch: chatwoot.fetch, sends: { ledger, locks: new KeyedLock() } });
    const visitor = await upstream.visit();
    const send = async (content: string, echoId: string) =>
      (await (await sendThrough(gateway, visitor.authToken, { content, echo_id: echoId })).json()) as WidgetMessage;
    const list = async (query = '') => {
      const answer = await gateway.app.request(`/api/v1/widget/messages?website_token=${gateway.token}${query}`, {
        headers: { 'x-auth-token': visitor.authToken },
      });
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { payload: WidgetMessage[] }).payload.map(({ content, echo_id }) => ({ content, echo_id }));
    };
    return { gateway, visitor, send, list };
  }

  it("carries each of the visitor's messages sent through it with its echo_id, in every list: latest, ?after= and ?before=", async () => {
    const { visitor, send, list } = await setUp();
    const first = await send('Where is my order?', 'e-1');
    // Sent around the gateway (another page, before it was deployed): the gateway never saw it.
    await sendMessage(upstream, visitor, 'Hello?');
    const last = await send('Order 1042', 'e-3');
    await upstream.agent(`/conversations/${first.conversation_id}/messages`, { method: 'POST', body: { content: 'Looking now' } });

    expect(await list()).toEqual([
      { content: 'Where is my order?', echo_id: 'e-1' },
      { content: 'Hello?', echo_id: undefined },
      { content: 'Order 1042', echo_id: 'e-3' },
      { content: 'Looking now', echo_id: undefined },
    ]);
    expect(await list(`&after=${first.id}`)).toEqual([
      { content: 'Hello?', echo_id: undefined },
      { content: 'Order 1042', echo_id: 'e-3' },
      { content: 'Looking now', echo_id: undefined },
    ]);
    expect(await list(`&before=${last.id}`)).toEqual([
      { content: 'Where is my order?', echo_id: 'e-1' },
      { content: 'Hello?', echo_id: undefined },
    ]);
  });

  it("carries them in the /widget page's data block", async () => {
    const { gateway, visitor, send } = await setUp();
    await send('Where is my order?', 'e-1');
    const page = await gateway.app.request(`/widget?website_token=${gateway.token}&cw_conversation=${visitor.authToken}`);
    const { messages } = readBootConfig(await page.text()).initialData!;
    expect(messages.payload.map(({ content, echo_id }) => ({ content, echo_id }))).toEqual([
      { content: 'Where is my order?', echo_id: 'e-1' },
    ]);
  });

  it('carries none past the window, as Chatwoot', async () => {
    let clock = Date.now();
    const { send, list } = await setUp(new MemorySendLedger(undefined, () => clock));
    await send('Where is my order?', 'e-1');
    clock += SEND_WINDOW_MS;
    expect(await list()).toEqual([{ content: 'Where is my order?', echo_id: undefined }]);
  });

  it("never marks another visitor's list with a visitor's echo_ids", async () => {
    const { gateway, send } = await setUp();
    await send('Mine', 'e-1');
    const other = await upstream.visit();
    await sendThrough(gateway, other.authToken, { content: 'Theirs', echo_id: 'e-2' });
    const answer = await gateway.app.request(`/api/v1/widget/messages?website_token=${gateway.token}`, {
      headers: { 'x-auth-token': other.authToken },
    });
    expect(((await answer.json()) as { payload: WidgetMessage[] }).payload.map((m) => [m.content, m.echo_id])).toEqual([['Theirs', 'e-2']]);
  });

  it('passes the list on unmarked while its ledger cannot be read (Redis down)', async () => {
    const ledger = new MemorySendLedger();
    const { send, list } = await setUp(ledger);
    await send('Where is my order?', 'e-1');
    ledger.answeredEchoIds = () => Promise.reject(new Error('Connection is closed.'));
    expect(await list()).toEqual([{ content: 'Where is my order?', echo_id: undefined }]);
  });
});
