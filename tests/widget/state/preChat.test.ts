import type { CampaignResponse, Endpoint } from '../../../src/widget/api/endpoints';
import type { ChannelConfig } from '../../../src/shared/types';
import type { PreChatAnswers } from '../../../src/widget/lib/preChatFields';
import { submitPreChat } from '../../../src/widget/state/preChatFlow';
import { CONVERSATION_ID, fakeWidget, widgetMessage, type FakeServer } from './widgetFixture';

const PRICING = 'https://shop.example/pricing';

const PRE_CHAT: Partial<ChannelConfig> = {
  preChatFormEnabled: true,
  preChatFormOptions: {
    pre_chat_message: 'Who are you?',
    pre_chat_fields: [{ field_type: 'standard', name: 'emailAddress', label: 'Email', type: 'email', required: true, enabled: true }],
  },
};

const CAMPAIGN: CampaignResponse = {
  id: 7,
  trigger_rules: { url: PRICING, time_on_page: 5 },
  trigger_only_during_business_hours: false,
  message: 'Need help choosing a plan?',
  sender: null,
};

/** `POST /conversations` as the server answers it. */
const created = (body: { message: { content: string } }) => ({
  id: CONVERSATION_ID,
  inbox_id: 1,
  contact_last_seen_at: 0,
  status: 'open',
  messages: [widgetMessage(501, { content: body.message.content, message_type: 0 })],
  custom_attributes: {},
  contact: { id: 3, name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678', identifier: null },
});

const route = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path.replace('/api/v1/widget', '')}`;

async function setup(server: FakeServer = {}, channel: Partial<ChannelConfig> = PRE_CHAT) {
  const widget = fakeWidget(
    {
      conversation: null,
      answer: (endpoint) => {
        if (route(endpoint) === 'POST /conversations') return created(endpoint.body as { message: { content: string } });
        if (route(endpoint) === 'PATCH /contact') return { id: 3, has_email: true, has_name: true, has_phone_number: true };
        return undefined;
      },
      ...server,
    },
    { channel },
  );
  await widget.state.load();
  // What the host's change-url does.
  widget.state.app.setPage(PRICING, 'shop.example');
  widget.endpoints.length = 0;
  return widget;
}

const ANSWERS: PreChatAnswers = {
  contact: { name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678' },
  contactAttributes: { plan: 'Pro' },
  conversationAttributes: { order_id: 'A-1042' },
  message: 'Where is my order?',
};

describe('starting a conversation from home', () => {
  it('goes through the pre-chat form when the inbox has it on', async () => {
    const { state, navigate } = await setup();
    state.startConversation();
    expect(navigate).toHaveBeenLastCalledWith('/prechat-form', undefined);
  });

  it('goes straight to the conversation when the inbox has it off', async () => {
    const { state, navigate } = await setup({}, { ...PRE_CHAT, preChatFormEnabled: false });
    state.startConversation();
    expect(navigate).toHaveBeenLastCalledWith('/messages', undefined);
  });

  it('goes to the away e-mail form while nobody can answer in an inbox whose away mode is the form', async () => {
    const { state, navigate, sent } = await setup({}, { ...PRE_CHAT, preChatFormEnabled: false, awayMode: 'email_form' });
    state.startConversation();
    expect(navigate).toHaveBeenLastCalledWith('/prechat-form', { away: '' });
    // The host heard it as soon as the widget knew.
    expect(sent('team-availability')).toEqual([{ available: false }]);
  });

  it('continues a conversation that is going on without the form', async () => {
    const { state, navigate } = await setup({ conversation: {}, messages: [widgetMessage(1)] });
    state.app.setOpen(true);
    state.startConversation();
    expect(navigate).toHaveBeenLastCalledWith('/messages', undefined);
  });
});

describe('a campaign click when the inbox has the pre-chat form on', () => {
  async function clicked() {
    vi.useFakeTimers();
    const widget = await setup({ campaigns: [CAMPAIGN] });
    widget.state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(5_000);
    expect(widget.state.campaigns.active.value?.id).toBe(7);
    widget.endpoints.length = 0;
    widget.bridge.send.mockClear();
    await widget.state.openCampaign();
    vi.useRealTimers();
    return widget;
  }

  it("opens the form's campaign variant and takes the frame out of prompt mode, without running the campaign yet", async () => {
    const { state, navigate, sent, endpoints } = await clicked();
    expect(navigate).toHaveBeenLastCalledWith('/prechat-form', { campaign: '' });
    expect(state.router.query.value.has('campaign')).toBe(true);
    expect(sent('resetUnreadMode')).toEqual([{}]);
    expect(endpoints).toEqual([]);
    expect(state.campaigns.active.value?.id).toBe(7);
  });

  it("the form's answers then go to the contact, and the campaign runs with the conversation attributes", async () => {
    const widget = await clicked();
    expect(await submitPreChat(widget.state, ANSWERS, { campaign: true })).toBe(true);
    const calls = widget.endpoints.map(route);
    expect(calls.slice(0, 2)).toEqual(['PATCH /contact', 'POST /events']);
    expect(widget.endpoints[0].body).toEqual({ ...ANSWERS.contact, custom_attributes: { plan: 'Pro' } });
    expect(widget.endpoints[1].body).toMatchObject({
      name: 'campaign.triggered',
      event_info: { campaign_id: 7, custom_attributes: { order_id: 'A-1042' }, referer: PRICING },
    });
    expect(calls).toContain('GET /conversations');
    expect(widget.navigate.mock.lastCall?.[0]).toBe('/messages');
    expect(widget.state.contact.contact.value).toMatchObject({ has_email: true, has_phone_number: true });
  });
});

describe('submitting the pre-chat form', () => {
  it("sends the contact's attributes, then ONE POST /conversations with the contact, the message and the conversation's attributes", async () => {
    const { state, endpoints } = await setup();
    expect(await submitPreChat(state, ANSWERS, { campaign: false })).toBe(true);
    expect(endpoints.map(route)).toEqual(['PATCH /contact', 'POST /conversations']);
    expect(endpoints[0].body).toEqual({ custom_attributes: { plan: 'Pro' } });
    expect(endpoints[1].body).toEqual({
      contact: { name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678' },
      message: { content: 'Where is my order?', timestamp: expect.any(String), referer_url: PRICING },
      custom_attributes: { order_id: 'A-1042' },
    });
  });

  it('opens the conversation with the first message, and knows the conversation and the contact from the answer', async () => {
    const { state, navigate, endpoints } = await setup();
    await submitPreChat(state, { ...ANSWERS, contactAttributes: {} }, { campaign: false });
    expect(endpoints.map(route)).toEqual(['POST /conversations']);
    expect(navigate).toHaveBeenLastCalledWith('/messages');
    expect(state.conversation.id.value).toBe(CONVERSATION_ID);
    expect(state.conversation.status.value).toBe('open');
    expect(state.messages.list.value.map((m) => m.content)).toEqual(['Where is my order?']);
    expect(state.contact.contact.value).toEqual({ id: 3, has_name: true, has_email: true, has_phone_number: true, identifier: null });
  });

  it('stays on the form, starting nothing, when the contact cannot be updated', async () => {
    const { state, navigate, endpoints } = await setup({
      answer: (endpoint) => (route(endpoint) === 'PATCH /contact' ? Promise.reject(new Error('429')) : undefined),
    });
    expect(await submitPreChat(state, ANSWERS, { campaign: false })).toBe(false);
    expect(endpoints.map(route)).toEqual(['PATCH /contact']);
    expect(navigate).not.toHaveBeenCalledWith('/messages');
    expect(state.conversation.id.value).toBeUndefined();
  });

  it('stays on the form when the conversation cannot be started', async () => {
    const { state, navigate, endpoints } = await setup({
      answer: (endpoint) => (route(endpoint) === 'POST /conversations' ? Promise.reject(new Error('offline')) : undefined),
    });
    expect(await submitPreChat(state, { ...ANSWERS, contactAttributes: {} }, { campaign: false })).toBe(false);
    expect(endpoints.map(route)).toEqual(['POST /conversations']);
    expect(navigate).not.toHaveBeenCalledWith('/messages');
    expect(state.messages.list.value).toEqual([]);
  });
});
