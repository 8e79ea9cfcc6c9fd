/**
 * Every whole number a widget route reads, given what a hostile client would send: 2³¹ (past
 * PostgreSQL's `integer`), 2⁶³ (past `bigint` and JavaScript's safe integers), −1, `1e3` (an
 * exponent where digits were expected) and NUL. No answer is a 500: each is a clear 4xx with a
 * JSON error, or a sound acceptance (lib/storable.ts). On SQLite and, in the `postgres`
 * project, on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { WIDGET_API_DOCUMENT_PATH } from '../../server/contract/openApiDocument';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

/** The values, as they appear in JSON (a literal) and in an address (a path segment or query value). */
const HOSTILE = [
  { json: '2147483648', address: '2147483648' },
  { json: '9223372036854775808', address: '9223372036854775808' },
  { json: '-1', address: '-1' },
  { json: '1e3', address: '1e3' },
  { json: '"\\u0000"', address: '%00' },
] as const;

interface Place {
  /** The integer's place, as the document would name it (`param:…` or `body.…`), or a free-form one. */
  name: string;
  /** The request carrying `value` there. */
  request(value: (typeof HOSTILE)[number], ids: Ids): { method: string; path: string; body?: string | FormData };
}

interface Ids {
  survey: number;
  message: number;
}

const json = (method: string, path: string, body: string) => ({ method, path, body });

/**
 * Every integer of the widget API: those the OpenAPI document types as numbers (checked below
 * against it), and those the routes read from free-form objects or addresses.
 */
const PLACES: Place[] = [
  { name: 'GET /messages param:before', request: (v) => ({ method: 'GET', path: `/messages?before=${v.address}` }) },
  { name: 'GET /messages param:after', request: (v) => ({ method: 'GET', path: `/messages?after=${v.address}` }) },
  {
    name: 'POST /messages body.message.reply_to',
    request: (v) => json('POST', '/messages', `{"message":{"content":"hi","reply_to":${v.json}}}`),
  },
  {
    name: 'POST /messages multipart message[reply_to]',
    request: (v) => {
      const form = new FormData();
      form.append('message[reply_to]', v.address === '%00' ? '\u0000' : v.address);
      form.append('message[attachments][]', new File(['hello'], 'hello.txt', { type: 'text/plain' }));
      return { method: 'POST', path: '/messages', body: form };
    },
  },
  { name: 'PATCH /contact body.identifier', request: (v) => json('PATCH', '/contact', `{"identifier":${v.json}}`) },
  { name: 'PATCH /contact/set_user body.identifier', request: (v) => json('PATCH', '/contact/set_user', `{"identifier":${v.json}}`) },
  {
    name: 'POST /integrations/dyte/add_participant_to_meeting body.message_id',
    request: (v) => json('POST', '/integrations/dyte/add_participant_to_meeting', `{"message_id":${v.json}}`),
  },
  {
    name: 'POST /events event_info.campaign_id',
    request: (v) => json('POST', '/events', `{"name":"campaign.triggered","event_info":{"campaign_id":${v.json}}}`),
  },
  { name: 'PATCH /messages/:id', request: (v) => json('PATCH', `/messages/${v.address}`, '{}') },
  { name: 'PUT /messages/:id', request: (v) => json('PUT', `/messages/${v.address}`, '{}') },
  {
    name: 'PATCH /messages/:id submitted_values.csat_survey_response.rating',
    request: (v, ids) =>
      json('PATCH', `/messages/${ids.survey}`, `{"message":{"submitted_values":{"csat_survey_response":{"rating":${v.json}}}}}`),
  },
  {
    name: 'PATCH /messages/:id submitted_values (a form number)',
    request: (v, ids) =>
      json('PATCH', `/messages/${ids.message}`, `{"message":{"submitted_values":[{"name":"quantity","value":${v.json}}]}}`),
  },
  {
    name: 'POST /conversations/set_custom_attributes body.custom_attributes.*',
    request: (v) => json('POST', '/conversations/set_custom_attributes', `{"custom_attributes":{"count":${v.json}}}`),
  },
  {
    name: 'PATCH /contact body.custom_attributes.*',
    request: (v) => json('PATCH', '/contact', `{"custom_attributes":{"count":${v.json}}}`),
  },
  { name: 'DELETE /labels/:label', request: (v) => ({ method: 'DELETE', path: `/labels/${v.address}` }) },
];

/** The integers the OpenAPI document declares in the widget API's parameters and JSON bodies. */
function documentedIntegers(): string[] {
  const document = parse(readFileSync(WIDGET_API_DOCUMENT_PATH, 'utf8'));
  const found: string[] = [];
  const walk = (schema: Record<string, unknown> | undefined, place: string, depth = 0): void => {
    if (!schema || depth > 8) return;
    if (typeof schema.$ref === 'string') {
      walk(document.components.schemas[schema.$ref.split('/').pop()!], place, depth + 1);
      return;
    }
    const types = ([] as unknown[]).concat(schema.type ?? []);
    if (types.includes('integer') || types.includes('number')) found.push(place);
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const part of (schema[key] as Record<string, unknown>[] | undefined) ?? []) walk(part, place, depth + 1);
    for (const [name, property] of Object.entries((schema.properties as Record<string, Record<string, unknown>>) ?? {}))
      walk(property, `${place}.${name}`, depth + 1);
  };
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Record<string, any>>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path.replace('/api/v1/widget', '')}`;
      for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${route} param:${parameter.name}`);
      walk(operation.requestBody?.content?.['application/json']?.schema, `${route} body`);
    }
  }
  return found;
}

describe('every whole number a widget route reads', () => {
  it('includes each the OpenAPI document declares, so none is left out of the walk below', () => {
    const walked = PLACES.map((place) => place.name);
    expect(documentedIntegers().filter((place) => !walked.includes(place))).toEqual([]);
  });

  it('answers 2³¹, 2⁶³, −1, 1e3 and NUL in each with a 4xx JSON error or an acceptance, never a 500', { timeout: 120_000 }, async () => {
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { csat_survey_enabled: true } });
    const visitor: Visitor = await fx.visit();
    const { conversation_id: conversationId } = await sendMessage(fx, visitor, 'hello');
    const form = await fx.agent(`/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: {
        content: 'How many?',
        content_type: 'form',
        content_attributes: { items: [{ name: 'quantity', label: 'Quantity', type: 'number' }] },
      },
    });
    expect(form.status).toBe(200);
    const frames = fx.listen(visitor.pubsubToken);
    await fx.widget('/conversations/toggle_status', visitor);
    const survey = frames.find((frame) => frame.event === 'message.created')?.data as { id: number };
    const ids: Ids = { survey: survey.id, message: (await form.json()).id };
    // Reopened, so every route has a conversation to act on.
    await sendMessage(fx, visitor, 'one more thing');

    for (const place of PLACES) {
      for (const value of HOSTILE) {
        const { method, path, body } = place.request(value, ids);
        const res = await fx.widget(path, visitor, {
          method,
          body,
          headers: typeof body === 'string' ? { 'content-type': 'application/json' } : {},
        });
        const text = await res.text();
        const what = `${place.name} = ${value.json}: ${res.status} ${text.slice(0, 120)}`;
        expect(res.status, what).toBeLessThan(500);
        // A refusal says why, as every error of the API does: `{error}` or a model's `{message}`.
        if (res.status >= 400)
          expect(Object.keys(JSON.parse(text)), what).toEqual(expect.arrayContaining([expect.stringMatching(/^(error|message)$/)]));
      }
    }
  });
});
