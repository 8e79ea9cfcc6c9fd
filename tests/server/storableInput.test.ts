/**
 * Input no database column can hold — ids beyond PostgreSQL's 32-bit `integer`, NUL in any text
 * — is a 4xx JSON error on both engines, and never reaches the database (`server/lib/storable.ts`).
 * SQLite would take either; PostgreSQL refuses both, which used to surface as a 500.
 */
import { agentRoomIdentifier, roomIdentifier } from '../../src/shared/cable';
import { CableConnection } from '../../server/realtime/cableConnection';
import { createCableRooms } from '../../server/services/cableRooms';
import { createFixture, sendMessage, WRITE_LIMITS_OFF, type Fixture, type Visitor } from './helpers';

const HUGE = '99999999999';
const JUST_OVER = String(2 ** 31);
const NUL = 'a\u0000b';

let fx: Fixture;
let visitor: Visitor;
let conversation: number;

beforeAll(async () => {
  fx = await createFixture({ env: WRITE_LIMITS_OFF });
  visitor = await fx.visit();
  conversation = (await sendMessage(fx, visitor, 'hello')).conversation_id;
  const portal = await fx.agent('/portals', { method: 'POST', body: { portal: { name: 'Help', slug: 'help' } } });
  expect(portal.status).toBe(200);
});
afterAll(() => fx.close());

type Caller = 'widget' | 'agent' | 'root';
/** Who calls, method, path (`{c}`: the conversation, `{w}`: the website token), body. */
const INPUTS: [Caller, string, string, unknown?][] = [
  // Unauthenticated addresses.
  ['root', 'GET', '/widget?website_token=%00'],
  ['root', 'GET', '/widget?website_token={w}&cw_conversation=%00'],
  ['root', 'GET', '/api/v1/widget/campaigns?website_token=%00'],
  ['root', 'GET', '/api/v1/widget/messages?website_token=a%00b'],
  ['root', 'GET', '/hc/%00/en/articles.json'],
  ['root', 'GET', '/hc/help/articles/%00'],
  ['root', 'GET', `/hc/help/articles/${HUGE}`],
  ['root', 'GET', `/hc/help/en/articles.json?page=${HUGE}`],
  // The widget API.
  ['widget', 'GET', `/messages?before=${HUGE}`],
  ['widget', 'GET', `/messages?after=${JUST_OVER}`],
  ['widget', 'PATCH', `/messages/${HUGE}`, { message: { submitted_values: [] } }],
  ['widget', 'POST', '/messages', { message: { content: NUL } }],
  ['widget', 'POST', '/messages', { message: { content: 'hi', echo_id: NUL } }],
  ['widget', 'POST', '/messages', { message: { content: 'hi', referer_url: `https://x.example/${NUL}` } }],
  ['widget', 'POST', '/conversations', { contact: { name: NUL }, message: { content: 'hi' } }],
  ['widget', 'POST', '/conversations', { message: { content: 'hi' }, custom_attributes: { [NUL]: 1 } }],
  ['widget', 'PATCH', '/contact', { name: NUL }],
  ['widget', 'PATCH', '/contact', { email: `a${NUL}@example.com` }],
  ['widget', 'PATCH', '/contact', { custom_attributes: { plan: NUL } }],
  ['widget', 'PATCH', '/contact/set_user', { identifier: NUL }],
  ['widget', 'POST', '/events', { name: NUL }],
  ['widget', 'POST', '/labels', { label: NUL }],
  ['widget', 'DELETE', '/conversations/labels/a%00b'],
  ['widget', 'POST', '/conversations/transcript', { email: `a${NUL}@example.com` }],
  ['widget', 'POST', '/conversations/set_custom_attributes', { custom_attributes: { a: NUL } }],
  ['widget', 'POST', '/integrations/dyte/add_participant_to_meeting', { message_id: Number(HUGE) }],
  ['widget', 'POST', '/integrations/dyte/add_participant_to_meeting', { message_id: HUGE }],
  // The Application API.
  ['root', 'GET', `/api/v1/accounts/${HUGE}/conversations`],
  ['agent', 'GET', `/conversations/${HUGE}`],
  ['agent', 'GET', `/conversations/${JUST_OVER}/messages`],
  ['agent', 'GET', `/conversations?inbox_id=${HUGE}`],
  ['agent', 'GET', `/conversations?page=${HUGE}`],
  ['agent', 'GET', `/conversations/{c}/messages?before=${HUGE}`],
  ['agent', 'DELETE', `/conversations/{c}/messages/${HUGE}`],
  ['agent', 'POST', '/conversations/{c}/messages', { content: NUL }],
  ['agent', 'POST', '/conversations/{c}/labels', { labels: [NUL] }],
  ['agent', 'GET', '/contacts/search?q=%00'],
  ['agent', 'GET', `/contacts?page=${HUGE}`],
  ['agent', 'GET', `/inboxes/${HUGE}`],
  ['agent', 'PATCH', '/inboxes/1', { portal_id: Number(HUGE) }],
  ['agent', 'PATCH', '/inboxes/1', { name: NUL }],
  ['agent', 'POST', '/labels', { title: NUL }],
  ['agent', 'GET', `/campaigns/${HUGE}`],
  ['agent', 'POST', '/campaigns', { title: 't', message: 'm', inbox_id: Number(HUGE), trigger_rules: { url: 'https://x.example' } }],
  [
    'agent',
    'POST',
    '/campaigns',
    { title: 't', message: 'm', inbox_id: 1, sender_id: Number(JUST_OVER), trigger_rules: { url: 'https://x.example' } },
  ],
  ['agent', 'GET', '/portals/a%00b'],
  ['agent', 'POST', '/portals/help/articles', { article: { title: 't', content: 'c', author_id: Number(HUGE) } }],
  ['agent', 'POST', '/portals/help/articles', { article: { title: 't', content: 'c', position: Number(HUGE) } }],
  ['agent', 'POST', '/portals/help/articles', { article: { title: NUL, content: 'c' } }],
  ['agent', 'GET', `/portals/help/articles/${HUGE}`],
  ['root', 'POST', '/api/v1/profile/availability', { profile: { account_id: Number(HUGE), availability: 'busy' } }],
];

describe.each(INPUTS)('%s %s %s', (caller, method, template, body) => {
  it('answers with a 4xx JSON error', async () => {
    const path = template.replace('{c}', String(conversation)).replace('{w}', fx.config.websiteToken);
    const options = { method, body };
    const res =
      caller === 'widget'
        ? await fx.widget(path, visitor, options)
        : caller === 'agent'
          ? await fx.agent(path, options)
          : await fx.request(path, { ...options, headers: { api_access_token: fx.config.apiAccessToken } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const json = await res.json();
    expect(typeof (json.error ?? json.message)).toBe('string');
  });
});

describe('what no column can hold, elsewhere', () => {
  it('sends a reply to an id beyond any column as a plain message', async () => {
    const sent = await sendMessage(fx, visitor, 'a reply', { reply_to: HUGE });
    expect(sent.content).toBe('a reply');
  });

  it('refuses NUL in a multipart field', async () => {
    const form = new FormData();
    form.append('message[content]', NUL);
    form.append(
      'message[attachments][]',
      new Blob([Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')], { type: 'image/gif' }),
      'a.gif',
    );
    const res = await fx.widget('/messages', visitor, { method: 'POST', body: form });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'Text must not contain NUL characters (U+0000)' });
  });

  it('rejects cable subscriptions with NUL or out-of-range ids, and ignores an out-of-range catch_up', async () => {
    const frames: Record<string, unknown>[] = [];
    const connection = new CableConnection({
      hub: fx.hub,
      rooms: createCableRooms(fx.db, fx.presence, fx.config.secretKeyBase),
      send: (frame) => frames.push(JSON.parse(frame)),
    });
    const subscribe = (identifier: string) => connection.receive(JSON.stringify({ command: 'subscribe', identifier }));
    await subscribe(roomIdentifier(NUL));
    await subscribe(agentRoomIdentifier('whatever', Number(HUGE), 1));
    await subscribe(agentRoomIdentifier('whatever', 1, Number(JUST_OVER)));
    expect(frames.map((f) => f.type)).toEqual(['reject_subscription', 'reject_subscription', 'reject_subscription']);

    const identifier = roomIdentifier(visitor.pubsubToken);
    await subscribe(identifier);
    frames.length = 0;
    await connection.receive(
      JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'catch_up', after: Number(HUGE) }) }),
    );
    await connection.receive(JSON.stringify({ command: 'message', identifier, data: JSON.stringify({ action: 'catch_up', after: 0 }) }));
    expect(frames).toEqual([{ identifier, message: { event: 'catch_up', data: expect.objectContaining({ payload: expect.any(Array) }) } }]);
    connection.close();
  });
});
