import { readdirSync } from 'node:fs';
import { sampleFile } from '../support/sampleFiles';
import { createFixture, sendMessage, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

async function conversationWithVisitor() {
  const visitor = await fx.visit();
  const first = await sendMessage(fx, visitor, 'hello');
  return { visitor, events: fx.listen(visitor.pubsubToken), first };
}

/** The `message.created` of the agent's message (a `message.updated` for the visitor's own, now read, follows it). */
const created = (events: { event: string; data: unknown }[]) => events.find((e) => e.event === 'message.created');
const post = (body: unknown) => fx.agent('/conversations/1/messages', { method: 'POST', body });

describe('agent messages: content types', () => {
  it.each([
    ['input_text', {}],
    ['input_textarea', {}],
    ['input_email', {}],
    ['input_select', { items: [{ title: 'Sales', value: 'sales' }, { title: 'Support' }] }],
    [
      'cards',
      {
        items: [
          {
            title: 'Plan A',
            description: 'Cheap',
            media_url: 'https://img.example/a.png',
            actions: [
              { type: 'link', text: 'Buy', uri: 'https://shop.example/a' },
              { type: 'postback', text: 'More', payload: 'more_a' },
            ],
          },
        ],
      },
    ],
    [
      'form',
      {
        items: [
          { name: 'email', label: 'Email', type: 'email', required: true },
          { name: 'plan', label: 'Plan', type: 'select', options: [{ label: 'A', value: 'a' }] },
        ],
        button_label: 'Send',
      },
    ],
    ['article', { items: [{ title: 'Reset your password', description: 'Steps', link: 'https://help.example/reset' }] }],
    ['input_csat', { display_type: 'star' }],
    ['integrations', { type: 'dyte', data: { meeting_id: 'bbb-123' } }],
    ['integrations', { type: 'video_call', data: { join_url: 'https://meet.example/room-1' } }],
  ])('sends %s with valid attributes to the visitor', async (contentType, attributes) => {
    const { events } = await conversationWithVisitor();
    const res = await post({ content: 'Question?', content_type: contentType, content_attributes: attributes });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ content_type: contentType, content_attributes: attributes });
    expect(created(events)).toMatchObject({
      event: 'message.created',
      data: { content_type: contentType, content_attributes: attributes },
    });
  });

  it.each([
    ['input_select without items', { content_type: 'input_select', content_attributes: {} }],
    ['input_select with an untitled item', { content_type: 'input_select', content_attributes: { items: [{ value: 'x' }] } }],
    [
      'a card link without uri',
      { content_type: 'cards', content_attributes: { items: [{ title: 'A', actions: [{ type: 'link', text: 'Go' }] }] } },
    ],
    [
      'a card link to javascript:',
      {
        content_type: 'cards',
        content_attributes: { items: [{ title: 'A', actions: [{ type: 'link', text: 'Go', uri: 'javascript:alert(1)' }] }] },
      },
    ],
    ['a form select without options', { content_type: 'form', content_attributes: { items: [{ name: 'x', type: 'select' }] } }],
    ['a form field of unknown type', { content_type: 'form', content_attributes: { items: [{ name: 'x', type: 'hologram' }] } }],
    [
      'a form field with a broken pattern',
      { content_type: 'form', content_attributes: { items: [{ name: 'x', type: 'text', pattern: '([' }] } },
    ],
    ['an article without an http link', { content_type: 'article', content_attributes: { items: [{ title: 'A', link: 'ftp://x' }] } }],
    ['a CSAT display type that does not exist', { content_type: 'input_csat', content_attributes: { display_type: 'thumbs' } }],
    ['a Dyte call without meeting id', { content_type: 'integrations', content_attributes: { type: 'dyte', data: {} } }],
    [
      'a video call with a non-http join URL',
      { content_type: 'integrations', content_attributes: { type: 'video_call', data: { join_url: 'data:text/html,x' } } },
    ],
    ['an unknown integration', { content_type: 'integrations', content_attributes: { type: 'zoom', data: {} } }],
    ['content_attributes that are not an object', { content_type: 'input_select', content_attributes: '[1,2]' }],
  ])('refuses %s with 422 {message, attributes}', async (_name, body) => {
    const { events } = await conversationWithVisitor();
    const res = await post({ content: 'x', ...body });
    expect(res.status).toBe(422);
    const error = await res.json();
    expect(error).toEqual({ message: expect.stringMatching(/^Content attributes/), attributes: ['content_attributes'] });
    expect(events).toEqual([]);
  });

  it.each([
    [
      'an option',
      { content_type: 'input_select', content_attributes: { items: [{ title: 'A', image_url: 'https://x.example/a.png' }] } },
      'items.0.image_url',
    ],
    [
      'a card action',
      {
        content_type: 'cards',
        content_attributes: { items: [{ title: 'A', actions: [{ type: 'postback', text: 'Go', payload: 'go', icon: 'x' }] }] },
      },
      'items.0.actions.0.icon',
    ],
  ])('refuses a key %s does not have, naming it, as Chatwoot refuses it', async (_name, body, path) => {
    await conversationWithVisitor();
    const res = await post({ content: 'x', ...body });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: `Content attributes ${path} is not a known field`, attributes: ['content_attributes'] });
  });

  it('keeps keys a form field or the message has beyond the known ones, as Chatwoot does', async () => {
    await conversationWithVisitor();
    const attributes = { items: [{ name: 'size', type: 'text', hint: 'EU sizes' }], campaign: 'spring' };
    const res = await post({ content: 'Size?', content_type: 'form', content_attributes: attributes });
    expect(res.status).toBe(200);
    expect((await res.json()).content_attributes).toEqual(attributes);
  });

  it('refuses content types the widget cannot show', async () => {
    await conversationWithVisitor();
    for (const contentType of ['sticker', 'incoming_email', 'voice_call', 'hologram']) {
      expect((await post({ content: 'x', content_type: contentType })).status).toBe(422);
    }
  });

  it('keeps in_reply_to for a message of the same conversation and refuses any other', async () => {
    const { first } = await conversationWithVisitor();
    const other = await fx.visit();
    const foreign = await sendMessage(fx, other, 'elsewhere');
    const ok = await post({ content: 'answer', content_attributes: { in_reply_to: String(first.id) } });
    expect((await ok.json()).content_attributes).toEqual({ in_reply_to: first.id });
    const bad = await post({ content: 'answer', content_attributes: { in_reply_to: foreign.id } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ message: 'In reply to must be a message of this conversation', attributes: ['in_reply_to'] });
  });

  it('sends template messages (message_type 3)', async () => {
    const { events } = await conversationWithVisitor();
    const res = await post({ content: 'Rate us', message_type: 'template', content_type: 'input_csat' });
    expect(await res.json()).toMatchObject({ message_type: 3, content_type: 'input_csat' });
    expect(created(events)?.data).toMatchObject({ message_type: 3 });
  });
});

describe('agent messages: attachments', () => {
  it('uploads attachments[] with a caption as multipart, and the visitor receives them', async () => {
    const { events } = await conversationWithVisitor();
    const form = new FormData();
    form.append('content', 'Here is the invoice');
    form.append('private', 'false');
    form.append('attachments[]', new File([sampleFile('invoice.pdf')], 'invoice.pdf', { type: 'application/pdf' }));
    form.append('attachments[]', new File([sampleFile('chart.webp')], 'chart.webp', { type: 'image/webp' }));
    const res = await post(form);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.attachments.map((a: { file_type: string }) => a.file_type)).toEqual(['file', 'image']);
    expect(created(events)).toMatchObject({
      event: 'message.created',
      data: {
        content: 'Here is the invoice',
        sender_type: 'User',
        attachments: [{ extension: 'pdf' }, { extension: 'webp', thumb_url: expect.stringMatching(/\/uploads\//) }],
      },
    });
    expect(readdirSync(fx.uploadsDir)).toHaveLength(2);
  });

  it('refuses a disallowed agent file and keeps nothing', async () => {
    const { events } = await conversationWithVisitor();
    const form = new FormData();
    form.append('attachments[]', new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }));
    const res = await post(form);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: 'File type not allowed' });
    expect(readdirSync(fx.uploadsDir)).toEqual([]);
    expect(events).toEqual([]);
  });

  it('describes a shared location or URL in JSON (Wren extension)', async () => {
    const { events } = await conversationWithVisitor();
    const res = await post({
      content: null,
      attachments: [
        { file_type: 'location', coordinates_lat: 52.52, coordinates_long: 13.405, fallback_title: 'Our office' },
        { file_type: 'fallback', data_url: 'https://example.com/brochure', fallback_title: 'Brochure' },
      ],
    });
    expect(res.status).toBe(200);
    const [location, shared] = (created(events)!.data as { attachments: Record<string, unknown>[] }).attachments;
    expect(location).toEqual({
      id: expect.any(Number),
      message_id: expect.any(Number),
      account_id: 1,
      file_type: 'location',
      coordinates_lat: 52.52,
      coordinates_long: 13.405,
      fallback_title: 'Our office',
      data_url: 'https://www.openstreetmap.org/?mlat=52.52&mlon=13.405#map=16/52.52/13.405',
    });
    expect(shared).toEqual({
      id: expect.any(Number),
      message_id: expect.any(Number),
      account_id: 1,
      file_type: 'fallback',
      fallback_title: 'Brochure',
      data_url: 'https://example.com/brochure',
    });
  });

  it.each([
    [{ file_type: 'location', coordinates_lat: 91, coordinates_long: 0 }],
    [{ file_type: 'fallback', data_url: 'javascript:alert(1)' }],
    [{ file_type: 'image', data_url: 'https://x.example/a.png' }],
  ])('refuses the JSON attachment %j', async (attachment) => {
    await conversationWithVisitor();
    expect((await post({ content: 'x', attachments: [attachment] })).status).toBe(422);
  });
});
