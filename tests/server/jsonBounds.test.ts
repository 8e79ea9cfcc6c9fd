import { JSON_BOUNDS } from '../../server/lib/jsonBounds';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const manyKeys = (count: number) => JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])));

describe('JSON bodies are bounded at the parser', () => {
  it.each([
    ['nested too deeply', nested(JSON_BOUNDS.maxDepth + 1), /nested too deeply/],
    ['nested 10,000 deep', nested(10_000), /nested too deeply/],
    ['with too many keys in one object', manyKeys(JSON_BOUNDS.maxEntries + 1), /too many entries/],
    ['with too long a string', JSON.stringify('x'.repeat(JSON_BOUNDS.maxStringLength + 1)), /string is too long/],
  ])('refuses attributes %s with a 422 JSON error on every attribute route', async (_, value, message) => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello');
    const answers = [
      await fx.widget('/contact', visitor, { method: 'PATCH', body: `{"custom_attributes":{"x":${value}}}` }),
      await fx.widget('/conversations/set_custom_attributes', visitor, { method: 'POST', body: `{"custom_attributes":{"x":${value}}}` }),
      await fx.widget('/events', visitor, { method: 'POST', body: `{"name":"viewed","event_info":{"x":${value}}}` }),
      await fx.agent(`/conversations/${id}/messages`, { method: 'POST', body: `{"content":"hi","content_attributes":{"x":${value}}}` }),
      await fx.agent(`/conversations/${id}/messages`, {
        method: 'POST',
        body: JSON.stringify({ content: 'hi', content_attributes: `{"x":${value}}` }),
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(422);
      // The content_attributes string is refused as a model error ({ message, attributes }).
      const body = await res.json();
      expect(body.error ?? body.message).toMatch(message);
    }
  });

  it('accepts attributes at the bounds', async () => {
    const visitor = await fx.visit();
    const res = await fx.widget('/contact', visitor, {
      method: 'PATCH',
      body: `{"custom_attributes":{"deep":${nested(JSON_BOUNDS.maxDepth - 2)},"long":${JSON.stringify('x'.repeat(1000))}}}`,
    });
    expect(res.status).toBe(200);
  });
});

describe('stored JSON never makes a read fail', () => {
  it('keeps the agent list and show and the visitor history at 200 whatever a row holds', async () => {
    const visitor = await fx.visit();
    const { conversation_id: id } = await sendMessage(fx, visitor, 'hello');
    const deep = `{"x":${nested(20_000)}}`;
    await fx.db.updateTable('contacts').set({ custom_attributes: deep, additional_attributes: deep }).execute();
    await fx.db.updateTable('conversations').set({ custom_attributes: deep, additional_attributes: deep }).execute();
    await fx.db.updateTable('messages').set({ content_attributes: deep, additional_attributes: deep }).execute();

    for (const res of [
      await fx.agent('/conversations'),
      await fx.agent(`/conversations/${id}`),
      await fx.agent(`/conversations/${id}/messages`),
      await fx.widget('/messages', visitor),
      await fx.widget('/conversations', visitor),
    ]) {
      expect(res.status).toBe(200);
    }
  });
});
