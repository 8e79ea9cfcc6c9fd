import { CONVERSATION_ID, fakeWidget, widgetMessage, type FakeServer } from './widgetFixture';
import type { CampaignResponse } from '../../../src/widget/api/endpoints';
import { MESSAGE_TYPE } from '../../../src/shared/types';

const NOW = new Date('2024-03-04T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const PRICING = 'https://shop.example/pricing';

/** "Need help choosing a plan?" after 5 s on the pricing page. */
const campaign = (fields: Partial<CampaignResponse> = {}): CampaignResponse => ({
  id: 7,
  trigger_rules: { url: PRICING, time_on_page: 5 },
  trigger_only_during_business_hours: false,
  message: 'Need help choosing a plan?',
  sender: null,
  ...fields,
});

/** A loaded widget whose host reports `page` as the current page. */
async function setup(server: FakeServer = {}, { page = PRICING, businessHours = true, inIframe = true } = {}) {
  const widget = fakeWidget({ conversation: null, campaigns: [campaign()], ...server }, { inIframe });
  if (!inIframe) widget.state.app.setOpen(false);
  await widget.state.load();
  // What the host's change-url does.
  widget.state.app.setPage(page, new URL(page).host);
  widget.state.campaigns.setPage(page, businessHours);
  return widget;
}

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a campaign firing', () => {
  it('shows after time_on_page seconds on a matching page', async () => {
    const { state, navigate, sent } = await setup();
    vi.advanceTimersByTime(4_999);
    expect(state.campaigns.active.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(state.campaigns.active.value?.id).toBe(7);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/campaigns');
    expect(sent('setCampaignMode')).toEqual([{}]);
  });

  it('does not show on a page the campaign does not match', async () => {
    const { state, navigate, sent } = await setup({}, { page: 'https://shop.example/blog' });
    vi.advanceTimersByTime(60_000);
    expect(state.campaigns.active.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setCampaignMode')).toEqual([]);
  });

  it('counts time on page afresh when a single-page site moves to another page', async () => {
    const { state, navigate } = await setup();
    vi.advanceTimersByTime(3_000);
    state.campaigns.setPage('https://shop.example/blog', true);
    vi.advanceTimersByTime(60_000);
    expect(navigate).not.toHaveBeenCalled();
    state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(4_999);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/campaigns');
  });

  it('does not show while the widget is open', async () => {
    const { state, navigate, sent } = await setup();
    state.app.setOpen(true);
    vi.advanceTimersByTime(5_000);
    state.app.setOpen(false);
    expect(state.campaigns.active.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    expect(sent('setCampaignMode')).toEqual([]);
  });

  it('does not show to a visitor who already has messages', async () => {
    const visitorMessage = widgetMessage(1, { message_type: MESSAGE_TYPE.incoming, sender_type: 'Contact' });
    const { state, navigate } = await setup({ conversation: {}, messages: [visitorMessage] });
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows to a visitor whose conversation has no messages yet', async () => {
    const { state } = await setup({ conversation: {} });
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value?.id).toBe(7);
  });

  it('waits for business hours when the campaign asks for them', async () => {
    const { state } = await setup({ campaigns: [campaign({ trigger_only_during_business_hours: true })] }, { businessHours: false });
    vi.advanceTimersByTime(60_000);
    expect(state.campaigns.active.value).toBeNull();
  });

  it('shows during business hours when the campaign asks for them', async () => {
    const { state } = await setup({ campaigns: [campaign({ trigger_only_during_business_hours: true })] }, { businessHours: true });
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value?.id).toBe(7);
  });

  it('shows even when the site turned the unread dialog off', async () => {
    const widget = fakeWidget({ conversation: null, campaigns: [campaign()] });
    widget.state.app.update({ showUnreadMessagesDialog: false });
    await widget.state.load();
    widget.state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(5_000);
    expect(widget.navigate).toHaveBeenCalledExactlyOnceWith('/campaigns');
    expect(widget.sent('setCampaignMode')).toEqual([{}]);
  });

  it('is neither fetched nor shown outside an iframe', async () => {
    const { state, endpoints, navigate } = await setup({}, { inIframe: false });
    vi.advanceTimersByTime(60_000);
    expect(endpoints.some((endpoint) => endpoint.path.endsWith('/campaigns'))).toBe(false);
    expect(state.campaigns.active.value).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves the widget usable when the campaigns cannot be fetched', async () => {
    const { state } = await setup({ campaigns: new Error('502') });
    expect(state.campaigns.hasError.value).toBe(true);
    expect(state.ready.value).toBe(true);
  });
});

describe('a campaign in URLPattern syntax, in a browser without URLPattern (issue 34)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows on a page it matches, matched with the polyfill', async () => {
    vi.stubGlobal('URLPattern', undefined);
    const { state } = await setup({
      campaigns: [campaign({ trigger_rules: { url: 'https://{*.}?shop.example/:page', time_on_page: 5 } })],
    });
    // The polyfill's file is a dynamic import.
    await vi.dynamicImportSettled();
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value?.id).toBe(7);
  });
});

describe('dismissing a campaign', () => {
  async function dismissed() {
    const widget = await setup();
    vi.advanceTimersByTime(5_000);
    widget.bridge.send.mockClear();
    widget.state.dismissCampaign();
    return widget;
  }

  it('snoozes campaigns for a day', async () => {
    const { state } = await dismissed();
    expect(state.campaigns.snoozedUntil.value).toBe(NOW.getTime() + 5_000 + DAY_MS);
    expect(state.campaigns.active.value).toBeNull();
  });

  it('tells the host to remember the snooze and close the prompt', async () => {
    const { bridge } = await dismissed();
    expect(bridge.send.mock.calls).toEqual([
      ['setCampaignReadOn', {}],
      ['toggleBubble', {}],
    ]);
  });

  it('does not show the campaign again on the next page within the day', async () => {
    const { state } = await dismissed();
    state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(DAY_MS - 10_000);
    state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value).toBeNull();
  });

  it('shows the campaign again on a page visited after the day is over', async () => {
    const { state } = await dismissed();
    vi.advanceTimersByTime(DAY_MS);
    state.campaigns.setPage(PRICING, true);
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value?.id).toBe(7);
  });
});

describe('opening a campaign', () => {
  async function opened() {
    const widget = await setup();
    vi.advanceTimersByTime(5_000);
    widget.endpoints.length = 0;
    widget.bridge.send.mockClear();
    await widget.state.openCampaign();
    return widget;
  }

  it('goes to the conversation and takes the frame out of prompt mode', async () => {
    const { navigate, sent } = await opened();
    expect(navigate.mock.lastCall?.[0]).toBe('/messages');
    expect(sent('resetUnreadMode')).toEqual([{}]);
  });

  it('posts campaign.triggered with the campaign id and the page', async () => {
    const { endpoints } = await opened();
    const triggered = endpoints.find((endpoint) => endpoint.method === 'POST' && endpoint.path === '/api/v1/widget/events');
    expect(triggered?.body).toEqual({
      name: 'campaign.triggered',
      event_info: { campaign_id: 7, referer: PRICING, initiated_at: { timestamp: expect.any(String) } },
    });
  });

  it('clears the campaign so it is shown only once', async () => {
    const { state } = await opened();
    expect(state.campaigns.active.value).toBeNull();
  });

  it('fetches the conversation the campaign started, and its messages', async () => {
    const { endpoints } = await opened();
    await vi.advanceTimersByTimeAsync(0);
    const after = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(after).toContain('GET /api/v1/widget/conversations');
    expect(after).toContain('GET /api/v1/widget/messages');
    expect(after.indexOf('POST /api/v1/widget/events')).toBeLessThan(after.indexOf('GET /api/v1/widget/conversations'));
  });

  it('posts nothing when no campaign is showing', async () => {
    const { state, endpoints } = await setup();
    endpoints.length = 0;
    await state.openCampaign();
    expect(endpoints.some((endpoint) => endpoint.path.endsWith('/events'))).toBe(false);
  });
});

describe('a campaign whose conversation does not start', () => {
  /** The campaign opened while `POST /events` fails as long as `failing()` says so. */
  async function openedFailing(failing: () => boolean) {
    const isTrigger = (endpoint: { method: string; path: string }) => endpoint.method === 'POST' && endpoint.path.endsWith('/events');
    const widget = await setup({
      answer: (endpoint) => (isTrigger(endpoint) && failing() ? Promise.reject(new Error('offline')) : undefined),
    });
    vi.advanceTimersByTime(5_000);
    const opening = widget.state.openCampaign();
    // Chatwoot's `isCreating`, while it is on its way.
    expect(widget.state.campaigns.starting.value).toBe(true);
    await opening;
    return { ...widget, triggers: () => widget.endpoints.filter(isTrigger) };
  }

  it('sets the error flag and keeps the campaign, instead of failing silently', async () => {
    const { state } = await openedFailing(() => true);
    expect(state.campaigns.starting.value).toBe(false);
    expect(state.campaigns.hasError.value).toBe(true);
    expect(state.campaigns.failed.value?.body).toMatchObject({ name: 'campaign.triggered', event_info: { campaign_id: 7 } });
  });

  it('tries again with what it first sent, and forgets the failure once it has started', async () => {
    let fails = true;
    const { state, triggers } = await openedFailing(() => fails);
    fails = false;
    await state.retryCampaign();
    expect(triggers()).toHaveLength(2);
    expect(triggers()[1].body).toEqual(triggers()[0].body);
    expect(state.campaigns.failed.value).toBeNull();
    expect(state.campaigns.hasError.value).toBe(false);
  });

  it('still asks for the conversation, which a start whose answer was lost may have made', async () => {
    const { endpoints } = await openedFailing(() => true);
    await vi.advanceTimersByTimeAsync(0);
    expect(endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toContain('GET /api/v1/widget/conversations');
  });
});

describe('a conversation resolving', () => {
  const statusChanged = (id: number, status: string) => ({ id, inbox_id: 1, status, account_id: 1 });

  it('resets the active campaign', async () => {
    const { state, emit } = await setup({ conversation: {} });
    vi.advanceTimersByTime(5_000);
    expect(state.campaigns.active.value?.id).toBe(7);
    emit('conversation.status_changed', statusChanged(CONVERSATION_ID, 'resolved'));
    expect(state.campaigns.active.value).toBeNull();
  });

  it('closes the campaign prompt it withdrew, once, instead of leaving an empty frame', async () => {
    const { state, emit, bridge } = await setup({ conversation: {} });
    vi.advanceTimersByTime(5_000);
    expect(state.router.path.value).toBe('/campaigns');
    bridge.send.mockClear();
    emit('conversation.status_changed', statusChanged(CONVERSATION_ID, 'resolved'));
    expect(bridge.send.mock.calls.filter(([event]) => event === 'toggleBubble')).toHaveLength(1);
  });

  it('keeps the campaign for a status other than resolved', async () => {
    const { state, emit } = await setup({ conversation: {} });
    vi.advanceTimersByTime(5_000);
    emit('conversation.status_changed', statusChanged(CONVERSATION_ID, 'pending'));
    expect(state.campaigns.active.value?.id).toBe(7);
  });

  it('keeps the campaign when another conversation resolves', async () => {
    const { state, emit } = await setup({ conversation: {} });
    vi.advanceTimersByTime(5_000);
    emit('conversation.status_changed', statusChanged(99, 'resolved'));
    expect(state.campaigns.active.value?.id).toBe(7);
  });
});
