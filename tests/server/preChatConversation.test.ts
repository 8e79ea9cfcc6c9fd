import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

// What the widget's pre-chat form sends (docs/protocol.md#conversations): the contact's
// custom attributes with `PATCH /contact`, then one `POST /conversations` with the contact's
// name, e-mail and phone, the first message and the conversation's custom attributes.

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const submitPreChat = (visitor: Visitor, body: Record<string, unknown>) => fx.widget('/conversations', visitor, { method: 'POST', body });

const searchContact = async (q: string) => (await (await fx.agent(`/contacts/search?q=${encodeURIComponent(q)}`)).json()).payload;

describe('a conversation started from the pre-chat form', () => {
  it('stores name, e-mail and phone on the contact and the custom attributes on the conversation', async () => {
    const visitor = await fx.visit();
    const attributes = await fx.widget('/contact', visitor, { method: 'PATCH', body: { custom_attributes: { plan: 'pro', seats: 12 } } });
    expect(attributes.status).toBe(200);

    const res = await submitPreChat(visitor, {
      contact: { name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+4915112345678' },
      message: { content: 'Where is my order?', timestamp: 'Mon Jun 10 2024', referer_url: 'https://shop.example/orders' },
      custom_attributes: { order_id: 'A-1042', gift: true },
    });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created).toMatchObject({
      status: 'open',
      custom_attributes: { order_id: 'A-1042', gift: true },
      contact: { name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+4915112345678' },
      messages: [{ content: 'Where is my order?', message_type: 0 }],
    });

    // The agent's view: the contact…
    const [contact] = await searchContact('ada@example.com');
    expect(contact).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone_number: '+4915112345678',
      custom_attributes: { plan: 'pro', seats: 12 },
    });
    // …and the conversation, with its sender and attributes.
    const conversation = await (await fx.agent(`/conversations/${created.id}`)).json();
    expect(conversation.custom_attributes).toEqual({ order_id: 'A-1042', gift: true });
    expect(conversation.meta.sender).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', phone_number: '+4915112345678' });
    expect(conversation.additional_attributes).toMatchObject({ referer: 'https://shop.example/orders' });
  });

  it('takes the e-mail even when another contact has it, without merging into that contact', async () => {
    const owner = await fx.visit();
    await fx.widget('/contact', owner, { method: 'PATCH', body: { name: 'Owner', email: 'shared@example.com' } });
    await sendMessage(fx, owner, 'private question');

    const typist = await fx.visit();
    const res = await submitPreChat(typist, {
      contact: { name: 'Typist', email: 'shared@example.com' },
      message: { content: 'Hello' },
    });
    expect(res.status).toBe(200);
    const created = await res.json();
    expect(created.contact).toMatchObject({ name: 'Typist', email: 'shared@example.com' });
    // The typist sees only their own conversation, never the owner's messages.
    const messages = await (await fx.widget('/messages', typist)).json();
    expect(messages.payload.map((m: { content: string }) => m.content)).toEqual(['Hello']);
    expect((await searchContact('shared@example.com')).map((c: { name: string }) => c.name).sort()).toEqual(['Owner', 'Typist']);
  });

  it('normalises a phone number written with spaces and drops one that is not international', async () => {
    const spaced = await fx.visit();
    await submitPreChat(spaced, { contact: { name: 'Grace', phone_number: '+44 20 7946 0958' }, message: { content: 'Hi' } });
    expect((await searchContact('Grace'))[0].phone_number).toBe('+442079460958');

    const national = await fx.visit();
    const res = await submitPreChat(national, { contact: { name: 'Linus', phone_number: '020 7946 0958' }, message: { content: 'Hi' } });
    // Chatwoot discards invalid contact fields rather than failing the conversation.
    expect(res.status).toBe(200);
    expect((await res.json()).contact).toMatchObject({ name: 'Linus', phone_number: null });
  });

  it('keeps the name of a contact the site already identified', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { name: 'Known Name', email: 'known@example.com' } });
    const res = await submitPreChat(visitor, { contact: { name: 'Typed Name' }, message: { content: 'Hi' } });
    expect((await res.json()).contact).toMatchObject({ name: 'Known Name', email: 'known@example.com' });
  });

  it('answers 422 for wrong types and stores nothing', async () => {
    const visitor = await fx.visit();
    for (const body of [
      { contact: { name: ['Ada'] }, message: { content: 'Hi' } },
      { contact: { phone_number: 4915112345678 }, message: { content: 'Hi' } },
      { message: { content: 'Hi' }, custom_attributes: ['not', 'an', 'object'] },
      { contact: { name: 'Ada' }, message: { content: '   ' } },
    ]) {
      const res = await submitPreChat(visitor, body);
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await (await fx.widget('/conversations', visitor)).json()).toEqual({});
    expect(await searchContact('Ada')).toEqual([]);
  });
});
