import { createFixture, readBootConfig, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const createInbox = (body: unknown) => fx.agent('/inboxes', { method: 'POST', body });
const inboxCount = async () =>
  (await fx.db.selectFrom('inboxes').select(fx.db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count;

describe('creating a website inbox (POST /api/v1/accounts/:a/inboxes)', () => {
  it('answers the inbox with a new website token, whose /widget page serves its settings', async () => {
    const res = await createInbox({
      name: 'Sales',
      channel: { type: 'web_widget', website_url: 'https://shop.example', widget_color: '#009900', welcome_title: 'Talk to sales' },
    });
    expect(res.status).toBe(200);
    const inbox = await res.json();
    expect(inbox).toMatchObject({ name: 'Sales', widget_color: '#009900', welcome_title: 'Talk to sales' });
    expect(inbox.website_token).toMatch(/^[\w-]{18,}$/);
    expect(inbox.website_token).not.toBe(fx.config.websiteToken);
    const page = await fx.request(`/widget?website_token=${inbox.website_token}`);
    expect(page.status).toBe(200);
    expect(readBootConfig(await page.text()).chatwootWebChannel).toMatchObject({ websiteName: 'Sales', widgetColor: '#009900' });
  });

  it("turns on attachments, the emoji picker and End Conversation unless told otherwise, as Chatwoot's new inbox does", async () => {
    const plain = await (await createInbox({ name: 'Sales', channel: { type: 'web_widget' } })).json();
    expect(plain.selected_feature_flags).toEqual(['attachments', 'emoji_picker', 'end_conversation']);
    const chosen = await (
      await createInbox({ name: 'Quiet', channel: { type: 'web_widget', selected_feature_flags: ['emoji_picker'] } })
    ).json();
    expect(chosen.selected_feature_flags).toEqual(['emoji_picker']);
  });

  it('refuses file rules beyond the server, naming the problem, and creates nothing', async () => {
    const before = await inboxCount();
    const res = await createInbox({ name: 'Sales', channel: { type: 'web_widget', file_rules: { allowed_types: ['exe'] } } });
    expect(res.status).toBe(422);
    expect((await res.json()).message).toContain('exe is not a type Wren accepts');
    expect(await inboxCount()).toBe(before);
  });

  it.each([
    ['no name', { channel: { type: 'web_widget' } }],
    ['another kind of channel', { name: 'API', channel: { type: 'api' } }],
    ['no channel', { name: 'Sales' }],
    ['a bad colour', { name: 'Sales', channel: { type: 'web_widget', widget_color: 'green' } }],
    [
      'a working week of one day',
      { name: 'Sales', channel: { type: 'web_widget' }, working_hours: [{ day_of_week: 1, open_all_day: true }] },
    ],
    ['a portal the account does not have', { name: 'Sales', channel: { type: 'web_widget' }, portal_id: 99 }],
  ])('refuses %s with a 4xx and creates nothing', async (_what, body) => {
    const before = await inboxCount();
    const res = await createInbox(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    // Chatwoot's shapes: `{ error }`, or `{ message, attributes }` for a refused value.
    const answer = await res.json();
    expect(answer.error ?? answer.message).toEqual(expect.any(String));
    expect(await inboxCount()).toBe(before);
  });
});
