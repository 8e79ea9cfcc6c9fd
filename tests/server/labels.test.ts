import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const createLabel = (body: unknown) => fx.agent('/labels', { method: 'POST', body });
const labelsOf = async (id = 1) => (await (await fx.agent(`/conversations/${id}`)).json()).labels;
const widgetPost = (visitor: Visitor, path: string, body: unknown) => fx.widget(path, visitor, { method: 'POST', body });

describe('account labels', () => {
  it('creates labels (lower-cased), nested or flat, and lists them', async () => {
    const res = await createLabel({ label: { title: 'VIP', description: 'Big spenders', color: '#ff0000' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      title: 'vip',
      description: 'Big spenders',
      color: '#ff0000',
      show_on_sidebar: true,
    });
    await createLabel({ title: 'billing' });
    const list = await (await fx.agent('/labels')).json();
    expect(list.payload.map((l: { title: string }) => l.title)).toEqual(['billing', 'vip']);
  });

  it.each([
    [{ title: '' }, "Title can't be blank"],
    [{ title: 'two words' }, 'Title can only contain letters, numbers, hyphens and underscores'],
    [{ title: 'ok', color: 'red' }, 'Color must be #rrggbb'],
  ])('refuses %j with 422', async (body, message) => {
    const res = await createLabel(body);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message, attributes: ['title'] });
  });

  it('refuses a duplicate title', async () => {
    await createLabel({ title: 'dup' });
    const res = await createLabel({ title: 'DUP' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'Title has already been taken', attributes: ['title'] });
  });
});

describe('widget labels', () => {
  it('adds only existing labels, only to an existing conversation, and removes them', async () => {
    await createLabel({ title: 'pricing' });
    const visitor = await fx.visit();
    expect((await widgetPost(visitor, '/labels', { label: 'pricing' })).status).toBe(204);
    await sendMessage(fx, visitor, 'how much?');
    const events = fx.listen(visitor.pubsubToken);
    expect((await widgetPost(visitor, '/labels', { label: 'pricing' })).status).toBe(204);
    // Wren tells the widget the account has no such label (Chatwoot: a silent 204).
    const unknown = await widgetPost(visitor, '/labels', { label: 'made-up' });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({ error: 'Label not found: made-up' });
    expect(await labelsOf()).toEqual(['pricing']);
    expect(events.map((e) => e.event)).toEqual(['conversation.updated']);
    expect(events[0].data).toMatchObject({ labels: ['pricing'] });
    expect((await fx.widget('/labels/pricing', visitor, { method: 'DELETE' })).status).toBe(204);
    expect(await labelsOf()).toEqual([]);
    expect((await widgetPost(visitor, '/labels', {})).status).toBe(422);
  });

  it('lets agents replace a conversation’s labels with existing ones', async () => {
    await createLabel({ title: 'a' });
    await createLabel({ title: 'b' });
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    const res = await fx.agent('/conversations/1/labels', { method: 'POST', body: { labels: ['B', 'a'] } });
    expect(await res.json()).toEqual({ payload: ['a', 'b'] });
    expect(await (await fx.agent('/conversations/1/labels')).json()).toEqual({ payload: ['a', 'b'] });
    expect((await fx.agent('/conversations/1/labels', { method: 'POST', body: { labels: ['nope'] } })).status).toBe(422);
    const messages = await (await fx.agent('/conversations/1/messages')).json();
    expect(messages.meta.labels).toEqual(['a', 'b']);
  });
});

describe('conversation custom attributes', () => {
  it('set_custom_attributes replaces them (204) and destroy_custom_attributes answers the conversation', async () => {
    const visitor = await fx.visit();
    expect((await widgetPost(visitor, '/conversations/set_custom_attributes', { custom_attributes: { a: 1 } })).status).toBe(404);
    await sendMessage(fx, visitor, 'hi');
    expect((await widgetPost(visitor, '/conversations/set_custom_attributes', { custom_attributes: { a: 1, b: { c: 2 } } })).status).toBe(
      204,
    );
    await widgetPost(visitor, '/conversations/set_custom_attributes', { custom_attributes: { b: { c: 3 }, d: 4 } });
    const res = await widgetPost(visitor, '/conversations/destroy_custom_attributes', { custom_attribute: ['d'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 1, custom_attributes: { b: { c: 3 } }, labels: [] });
    expect((await widgetPost(visitor, '/conversations/set_custom_attributes', { custom_attributes: 'x' })).status).toBe(422);
  });

  it('agents set them through the Application API', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'hi');
    const res = await fx.agent('/conversations/1/custom_attributes', { method: 'POST', body: { custom_attributes: { order: 'A-1' } } });
    expect(await res.json()).toEqual({ custom_attributes: { order: 'A-1' } });
  });
});
