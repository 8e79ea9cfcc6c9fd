import { findConversation } from '../../server/repositories/conversations';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const CAMPAIGN = {
  title: 'Pricing help',
  message: 'Questions about plans? Ask us!',
  inbox_id: 1,
  sender_id: 1,
  trigger_rules: { url: 'https://shop.example/pricing', time_on_page: 5 },
  trigger_only_during_business_hours: true,
};

const create = (campaign: Record<string, unknown>) => fx.agent('/campaigns', { method: 'POST', body: { campaign } });
const trigger = (visitor: Visitor, campaignId: unknown) =>
  fx.widget('/events', visitor, {
    method: 'POST',
    body: {
      name: 'campaign.triggered',
      event_info: {
        campaign_id: campaignId,
        custom_attributes: { source: 'ad' },
        initiated_at: { timestamp: 'Mon Jun 10 2024' },
        referer: 'https://shop.example/pricing',
      },
    },
  });

describe('Application API campaigns', () => {
  it('creates a campaign with a display id and the contract shape', async () => {
    const res = await create(CAMPAIGN);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: 1,
      title: 'Pricing help',
      account_id: 1,
      message: CAMPAIGN.message,
      inbox: { id: 1, website_token: fx.config.websiteToken },
      sender: { id: 1, type: 'user' },
      campaign_status: 'active',
      enabled: true,
      campaign_type: 'ongoing',
      trigger_rules: CAMPAIGN.trigger_rules,
      trigger_only_during_business_hours: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await (await create({ ...CAMPAIGN, sender_id: null })).json()).toMatchObject({ id: 2, sender: null });
  });

  it.each([
    [{ trigger_rules: { url: 'shop.example/pricing', time_on_page: 5 } }, 'URL must start with http:// or https://', 'trigger_rules'],
    [{ trigger_rules: { url: 'https://x.example', time_on_page: -1 } }, 'Time on page must be 0 or more', 'trigger_rules'],
    [{ title: ' ' }, "Title can't be blank", 'title'],
    [{ inbox_id: 99 }, 'Inbox must exist', 'inbox_id'],
    [{ sender_id: 99 }, 'Sender must be an agent of this account', 'sender_id'],
  ])('refuses %j with 422', async (change, message, attribute) => {
    const res = await create({ ...CAMPAIGN, ...change });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message, attributes: [attribute] });
  });

  it('lists, shows, updates and deletes campaigns', async () => {
    await create(CAMPAIGN);
    await create({ ...CAMPAIGN, title: 'Second' });
    expect((await (await fx.agent('/campaigns')).json()).map((k: { id: number }) => k.id)).toEqual([2, 1]);
    expect((await (await fx.agent('/campaigns/1')).json()).title).toBe('Pricing help');
    const patched = await fx.agent('/campaigns/1', { method: 'PATCH', body: { campaign: { enabled: false, message: 'New text' } } });
    expect(await patched.json()).toMatchObject({ enabled: false, message: 'New text', title: 'Pricing help' });
    expect((await fx.agent('/campaigns/1', { method: 'PATCH', body: { trigger_rules: { url: 'ftp://x' } } })).status).toBe(422);
    expect((await fx.agent('/campaigns/2', { method: 'DELETE' })).status).toBe(200);
    expect((await fx.agent('/campaigns/2')).status).toBe(404);
  });
});

describe('widget campaigns', () => {
  it('lists enabled campaigns publicly, cacheable, without credentials', async () => {
    await create(CAMPAIGN);
    await create({ ...CAMPAIGN, title: 'Off', enabled: false });
    const res = await fx.request(`/api/v1/widget/campaigns?website_token=${fx.config.websiteToken}`, {
      headers: { origin: 'https://shop.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual([
      {
        id: 1,
        trigger_rules: CAMPAIGN.trigger_rules,
        trigger_only_during_business_hours: true,
        message: CAMPAIGN.message,
        sender: expect.objectContaining({ id: 1, type: 'user' }),
      },
    ]);
  });

  // The loader reads these to tell a site why its chat cannot load (docs/behaviour.md#chat-unavailable).
  it('answers an unknown token 404 and a suspended account 401, both readable from another origin', async () => {
    const ask = (token: string) =>
      fx.request(`/api/v1/widget/campaigns?website_token=${token}`, { headers: { origin: 'https://shop.example' } });
    const unknown = await ask('no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    await fx.db.updateTable('accounts').set({ status: 'suspended' }).where('id', '=', 1).execute();
    const suspended = await ask(fx.config.websiteToken);
    expect(suspended.status).toBe(401);
    expect(await suspended.json()).toEqual({ error: 'Account is suspended' });
    expect(suspended.headers.get('access-control-allow-origin')).toBe('*');
    expect(suspended.headers.get('cache-control')).not.toContain('public');
    expect((await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).status).toBe(401);
  });

  it('campaign.triggered opens a conversation with the campaign message for a visitor without one', async () => {
    await create(CAMPAIGN);
    const visitor = await fx.visit();
    const events = fx.listen(visitor.pubsubToken);
    const res = await trigger(visitor, 1);
    expect(res.status).toBe(204);
    expect(events.map((e) => e.event)).toEqual(['conversation.created', 'message.created']);
    expect(events[1].data).toMatchObject({ content: CAMPAIGN.message, message_type: 1, sender: { id: 1, type: 'user' } });
    const conversation = await findConversation(fx.db, 1);
    expect(conversation).toMatchObject({ campaign_id: 1, custom_attributes: { source: 'ad' } });
    expect(conversation?.additional_attributes).toMatchObject({
      referer: 'https://shop.example/pricing',
      initiated_at: { timestamp: 'Mon Jun 10 2024' },
    });
    expect(conversation?.additional_attributes).not.toHaveProperty('campaign_id');
    const listed = await (await fx.widget('/messages', visitor)).json();
    expect(listed.payload.map((m: { content: string }) => m.content)).toEqual([CAMPAIGN.message]);
  });

  it('does nothing when the visitor already has a conversation, or on a repeat', async () => {
    await create({ ...CAMPAIGN, sender_id: null });
    const visitor = await fx.visit();
    await Promise.all([trigger(visitor, 1), trigger(visitor, '1')]);
    const other = await fx.visit();
    await sendMessage(fx, other, 'I was here first');
    const events = fx.listen(other.pubsubToken);
    expect((await trigger(other, 1)).status).toBe(204);
    expect(events).toEqual([]);
    const messages = await (await fx.widget('/messages', visitor)).json();
    expect(messages.payload).toHaveLength(1);
    expect(messages.payload[0]).not.toHaveProperty('sender');
  });

  it('answers 404 for an unknown or disabled campaign', async () => {
    await create({ ...CAMPAIGN, enabled: false });
    const visitor = await fx.visit();
    expect((await trigger(visitor, 99)).status).toBe(404);
    expect((await trigger(visitor, 1)).status).toBe(404);
    expect((await trigger(visitor, 'x')).status).toBe(404);
    expect(await (await fx.widget('/conversations', visitor)).json()).toEqual({});
  });
});
