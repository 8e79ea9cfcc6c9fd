/**
 * Every answer of the reference server's widget API, held to the OpenAPI document: a visitor's
 * whole life (looking, writing, attachments, bots' rich messages and their answers, identity,
 * attributes, labels, transcript, resolving) and the errors on the way, each operation at least
 * once.
 */
import { createHmac } from 'node:crypto';
import { WIDGET_API_OPERATIONS } from '../../../server/contract/widgetApiOperations';
import { createFixture, type Fixture, WRITE_LIMITS_OFF } from '../helpers';
import { contractBreaches, type Exchange, operationAt } from './widgetApiContract';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("the reference server's widget API, against docs/openapi/widget-api.yaml", () => {
  let fx: Fixture;
  afterEach(() => fx?.close());

  it('answers every operation, successes and errors, as the document says', { timeout: 30_000 }, async () => {
    fx = await createFixture({ env: WRITE_LIMITS_OFF });
    const exchanges: Exchange[] = [];
    let token = '';
    /** Calls `/api/v1/widget{path}` as the visitor and records the exchange. */
    const widget = async (method: string, path: string, body?: unknown, options: { as?: string | null; query?: string } = {}) => {
      const url = `/api/v1/widget${path}${path.includes('?') ? '&' : '?'}website_token=${options.query ?? fx.config.websiteToken}`;
      const as = options.as === undefined ? token : options.as;
      const headers: Record<string, string> = as ? { 'X-Auth-Token': as } : {};
      const res = await fx.request(url, { method, body, headers });
      const text = await res.text();
      exchanges.push({ method, url, status: res.status, body: text });
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
    const agent = async (path: string, body?: unknown, method = 'POST') => (await fx.agent(path, { method, body })).json();

    await agent('/campaigns', {
      campaign: { title: 'Help', message: 'Need a hand?', inbox_id: 1, trigger_rules: { url: 'https://shop.example/*', time_on_page: 5 } },
    });
    await agent('/labels', { title: 'sales' });

    // A visitor who only looks.
    token = (await widget('POST', '/config', undefined, { as: null })).json.website_channel_config.auth_token;
    await widget('POST', '/config');
    await widget('GET', '/conversations');
    await widget('GET', '/messages');
    await widget('GET', '/contact');
    await widget('GET', '/inbox_members', undefined, { as: null });
    await widget('GET', '/campaigns', undefined, { as: null });
    await widget('POST', '/events', { name: 'webwidget.triggered', event_info: { referer: 'https://shop.example/' } });

    // … writes.
    await widget('PATCH', '/contact', { name: 'Ada', email: 'ada@example.com', custom_attributes: { plan: 'pro', seats: 3 } });
    const created = await widget('POST', '/conversations', {
      contact: { name: 'Ada', email: 'ada@example.com' },
      message: { content: 'Hello', referer_url: 'https://shop.example/' },
      custom_attributes: { order: 'A-1' },
    });
    const conversationId = created.json.id;
    const first = created.json.messages[0].id;
    await widget('POST', '/messages', { message: { content: 'About my order', echo_id: 'e-1', reply_to: first } });
    const form = new FormData();
    form.append('message[attachments][]', new File([PNG], 'dot.png', { type: 'image/png' }));
    form.append('message[echo_id]', 'e-2');
    await widget('POST', '/messages', form);

    // Bots' rich messages, then the visitor's answers.
    const rich = [
      { content_type: 'input_select', content_attributes: { items: [{ title: 'Sales', value: 'sales' }] } },
      {
        content_type: 'form',
        content_attributes: { items: [{ name: 'size', label: 'Size', type: 'select', options: [{ label: 'M', value: 'm' }] }] },
      },
      { content_type: 'input_email' },
      { content_type: 'input_csat', content_attributes: { display_type: 'emoji' } },
      {
        content_type: 'cards',
        content_attributes: {
          items: [{ title: 'Boots', description: 'Warm', actions: [{ type: 'link', text: 'Buy', uri: 'https://shop.example/boots' }] }],
        },
      },
      { content_type: 'article', content_attributes: { items: [{ title: 'Returns', link: 'https://shop.example/returns' }] } },
      { content_type: 'integrations', content_attributes: { type: 'video_call', data: { join_url: 'https://meet.example/abc' } } },
      { content_type: 'integrations', content_attributes: { type: 'dyte', data: { meeting_id: 'm-1' } } },
    ];
    const posted: number[] = [];
    for (const message of rich) posted.push((await agent(`/conversations/${conversationId}/messages`, { content: 'Bot', ...message })).id);
    const [select, formMessage, email, csat, , , , dyte] = posted;
    await widget('PATCH', `/messages/${select}`, { message: { submitted_values: [{ title: 'Sales', value: 'sales' }] } });
    await widget('PUT', `/messages/${formMessage}`, { message: { submitted_values: [{ name: 'size', value: 'm' }] } });
    await widget('PATCH', `/messages/${email}`, { contact: { email: 'ada@example.com' } });
    await widget('PATCH', `/messages/${csat}`, {
      message: { submitted_values: { csat_survey_response: { rating: 5, feedback_message: 'Quick' } } },
    });
    await widget('POST', '/integrations/dyte/add_participant_to_meeting', { message_id: dyte });

    const page = await widget('GET', '/messages');
    const ids = page.json.payload.map((m: { id: number }) => m.id);
    await widget('GET', `/messages?before=${ids.at(-1)}`);
    await widget('GET', `/messages?after=${ids[0]}`);
    await widget('GET', '/conversations');
    await widget('GET', '/contact');

    // The conversation's details.
    await widget('POST', '/conversations/update_last_seen', { contact_last_seen_at: 0 });
    await widget('POST', '/conversations/toggle_typing', { typing_status: 'on' });
    await widget('POST', '/conversations/set_custom_attributes', { custom_attributes: { order: 'A-2', gift: true } });
    await widget('POST', '/conversations/destroy_custom_attributes', { custom_attribute: ['gift'] });
    await widget('POST', '/labels', { label: 'sales' });
    await widget('DELETE', '/labels/sales');
    await widget('POST', '/conversations/transcript', { email: 'ada@example.com' });

    // Identity.
    const inbox = await agent('/inboxes/1', undefined, 'GET');
    const hash = (identifier: string) => createHmac('sha256', inbox.hmac_token).update(identifier).digest('hex');
    await widget('PATCH', '/contact/set_user', { identifier: 'ada-1', identifier_hash: hash('ada-1'), name: 'Ada L.' });
    await widget('POST', '/contact/destroy_custom_attributes', { custom_attributes: ['seats'] });
    const moved = await widget('PATCH', '/contact/set_user', {
      identifier: 'grace-2',
      identifier_hash: hash('grace-2'),
      email: 'grace@example.com',
    });
    expect(moved.json.widget_auth_token).toEqual(expect.any(String));
    await widget('GET', '/conversations/toggle_status');

    // Errors.
    await widget('GET', '/conversations', undefined, { query: 'unknown-token' });
    await widget('GET', '/messages', undefined, { as: 'not-a-token' });
    await widget('POST', '/labels', { label: 'nothing-like-it' });
    await widget('POST', '/messages', '{"message":', { as: token });
    await widget('POST', '/conversations/toggle_typing', { typing_status: 'maybe' });

    const breaches = (await Promise.all(exchanges.map(contractBreaches))).flat();
    expect(breaches).toEqual([]);
    const exercised = new Set(exchanges.map((e) => operationAt(e.method, e.url)));
    const all = WIDGET_API_OPERATIONS.map((o) => `${o.method} ${o.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(all.filter((operation) => !exercised.has(operation))).toEqual([]);
    expect(exchanges.filter((e) => e.status >= 400).length).toBeGreaterThanOrEqual(5);
  });
});
