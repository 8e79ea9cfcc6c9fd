/**
 * Every route that takes a body, fed a table of bad ones: never a 5xx, every 4xx a JSON error,
 * and a body no route can use is always refused. (A route may ignore fields it does not read,
 * so a bad value in them can still succeed.)
 */
import { JSON_BOUNDS } from '../../server/lib/jsonBounds';
import { createFixture, sendMessage, WRITE_LIMITS_OFF, type Fixture, type Visitor } from './helpers';

const JSON_TYPE = { 'content-type': 'application/json' };
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Name, body, headers, whether every route that reads a body must refuse it. */
const BAD_BODIES: [string, string | (() => FormData), Record<string, string>, boolean?][] = [
  ['malformed JSON', '{"message": {"content": "hi"', JSON_TYPE, true],
  ['a bare string', '"hello"', JSON_TYPE, true],
  ['null', 'null', JSON_TYPE, true],
  ['an array for an object', '[{"content":"hi"}]', JSON_TYPE, true],
  [
    'wrong types everywhere',
    JSON.stringify({
      message: 5,
      content: [],
      contact: 'x',
      custom_attributes: 'x',
      name: {},
      email: 7,
      label: [],
      typing_status: 1,
      status: {},
      title: [],
      profile: 3,
      availability: [],
      submitted_values: 'x',
      event_info: [],
    }),
    JSON_TYPE,
  ],
  [
    'arrays for nested objects',
    JSON.stringify({ message: [], contact: [], custom_attributes: [], content_attributes: [], channel: [] }),
    JSON_TYPE,
  ],
  ['a huge string', JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) }), JSON_TYPE, true],
  ['a long string inside the size limit', JSON.stringify({ content: 'x'.repeat(JSON_BOUNDS.maxStringLength + 1) }), JSON_TYPE, true],
  ['deep nesting', nested(20_000), JSON_TYPE, true],
  [
    'deep nesting in attributes',
    `{"custom_attributes":${nested(200)},"message":{"content":"hi"},"content_attributes":${nested(200)}}`,
    JSON_TYPE,
    true,
  ],
  ['form-urlencoded', 'message[content]=hi', { 'content-type': 'application/x-www-form-urlencoded' }, true],
  ['plain text', 'hello', { 'content-type': 'text/plain' }, true],
  ['multipart without a boundary', '--x\r\n', { 'content-type': 'multipart/form-data' }],
  ['empty multipart', '', { 'content-type': 'multipart/form-data; boundary=xyz' }],
  ['multipart with only the closing boundary', () => new FormData(), {}],
  [
    'truncated multipart',
    '--xyz\r\nContent-Disposition: form-data; name="message[attachments][]"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
    { 'content-type': 'multipart/form-data; boundary=xyz' },
  ],
];

type Caller = 'widget' | 'agent' | 'root';
/** Caller, method, path, whether the route reads a body at all. */
const ROUTES: [Caller, string, string, boolean?][] = [
  ['widget', 'POST', '/conversations'],
  ['widget', 'POST', '/conversations/update_last_seen', false],
  ['widget', 'POST', '/conversations/toggle_typing'],
  ['widget', 'POST', '/conversations/set_custom_attributes'],
  ['widget', 'POST', '/conversations/destroy_custom_attributes'],
  ['widget', 'POST', '/conversations/transcript'],
  ['widget', 'POST', '/labels'],
  ['widget', 'POST', '/messages'],
  ['widget', 'PATCH', '/messages/{message}'],
  ['widget', 'PATCH', '/contact'],
  ['widget', 'PATCH', '/contact/set_user'],
  ['widget', 'POST', '/contact/destroy_custom_attributes'],
  ['widget', 'POST', '/events'],
  ['widget', 'POST', '/integrations/dyte/add_participant_to_meeting'],
  ['agent', 'POST', '/campaigns'],
  ['agent', 'POST', '/conversations/{conversation}/messages'],
  ['agent', 'POST', '/conversations/{conversation}/toggle_status'],
  ['agent', 'POST', '/conversations/{conversation}/toggle_typing_status'],
  ['agent', 'POST', '/conversations/{conversation}/transcript'],
  ['agent', 'POST', '/conversations/{conversation}/labels'],
  ['agent', 'POST', '/conversations/{conversation}/custom_attributes'],
  ['agent', 'POST', '/labels'],
  ['agent', 'PATCH', '/inboxes/1'],
  ['root', 'POST', '/api/v1/profile/availability'],
  ['root', 'POST', '/widget?website_token={websiteToken}'],
  ['root', 'POST', '/uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/a.png'],
];

let fx: Fixture;
let visitor: Visitor;
let ids: Record<string, string>;

beforeAll(async () => {
  // No limit gets in the way of a thousand requests from one visitor.
  fx = await createFixture({ env: WRITE_LIMITS_OFF });
  visitor = await fx.visit();
  const { id, conversation_id: conversation } = await sendMessage(fx, visitor, 'hello');
  ids = { message: String(id), conversation: String(conversation), websiteToken: fx.config.websiteToken };
});
afterAll(() => fx.close());

describe.each(ROUTES)('%s %s %s', (caller, method, template, readsBody = true) => {
  it.each(BAD_BODIES)('answers %s without a 5xx', async (_, body, headers, refused = false) => {
    const path = template.replace(/\{(\w+)\}/g, (__, name: string) => ids[name]);
    const options = { method, body: typeof body === 'function' ? body() : body, headers };
    const res =
      caller === 'widget'
        ? await fx.widget(path, visitor, options)
        : caller === 'agent'
          ? await fx.agent(path, options)
          : await fx.request(path, { ...options, headers: { ...headers, api_access_token: fx.config.apiAccessToken } });
    expect(res.status).toBeLessThan(500);
    if (refused && readsBody) expect(res.status).toBeGreaterThanOrEqual(400);
    if (res.status >= 400) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const json = await res.json();
      expect(typeof (json.error ?? json.message)).toBe('string');
    }
  });
});

describe('GET /widget with bad query values', () => {
  it.each([
    ['a malformed session token', 'cw_conversation=%7B%22a%22%3A'],
    ['a huge session token', `cw_conversation=${'a'.repeat(20_000)}`],
    ['a forged session token', 'cw_conversation=eyJhbGciOiJub25lIn0.eyJzb3VyY2VfaWQiOiJ4In0.'],
    ['a bogus locale', `locale=${'%00'.repeat(1000)}`],
    ['repeated parameters', 'locale=en&locale=fr&cw_conversation=a&cw_conversation=b'],
  ])('answers %s with the page or a JSON error', async (_, query) => {
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}&${query}`);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(res.status === 200 ? /^text\/html/ : /^application\/json/);
  });
});
