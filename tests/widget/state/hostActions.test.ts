// @vitest-environment happy-dom
import { hostActions } from '../../../src/widget/state/hostActions';
import { openLayer } from '../../../src/widget/lib/escapeLayers';
import { ApiError } from '../../../src/widget/api/client';
import { DEFAULT_WIDGET_SETTINGS as DEFAULT_SETTINGS } from '../../../src/shared/widgetSettings';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import { fakeWidget, widgetMessage } from './widgetFixture';
import { frameStorage } from '../../../src/widget/lib/frameStorage';

/** A loaded widget and its host-message handlers. */
async function setup(server: Parameters<typeof fakeWidget>[0] = {}) {
  const widget = fakeWidget(server);
  await widget.state.load();
  return { ...widget, host: hostActions(widget.state) };
}

const called = (endpoints: Endpoint[], method: string, path: string) =>
  endpoints.filter((e) => e.method === method && e.path.endsWith(path));

describe('config-set', () => {
  it('stores the host settings and sends the localised launcher label', async () => {
    const { state, host, sent } = await setup();
    host['config-set']!({ ...DEFAULT_SETTINGS, darkMode: 'dark', showPopoutButton: true });
    expect(state.app.settings.value).toMatchObject({ darkMode: 'dark', showPopoutButton: true });
    await vi.waitFor(() => expect(sent('setBubbleLabel')).toEqual([{ label: 'Chat with us', locale: 'en' }]));
  });

  it("tells the launcher the language it chose, for the loader's own strings", async () => {
    const { host, sent } = await setup();
    host['set-locale']!({ locale: 'ar_EG' });
    await vi.waitFor(() => expect(sent('setBubbleLabel')).toEqual([{ label: 'تحدث معنا', locale: 'ar' }]));
  });

  it('remembers until when campaigns are snoozed', async () => {
    const { state, host } = await setup();
    host['config-set']!({ ...DEFAULT_SETTINGS, campaignsSnoozedTill: 1_800_000_000_000 });
    expect(state.campaigns.snoozedUntil.value).toBe(1_800_000_000_000);
  });
});

describe('toggle-open', () => {
  // Landing on the conversation when history exists: see ../state/returningVisitor.test.ts.
  it('stays on home when there are no messages', async () => {
    const { host, navigate } = await setup({ messages: [] });
    host['toggle-open']!({ isOpen: true });
    await Promise.resolve();
    expect(navigate).not.toHaveBeenCalledWith('/messages');
  });

  it('puts focus on the main control with a ring only when the launcher was used by keyboard', async () => {
    const { host } = await setup({ messages: [] });
    const control = document.createElement('button');
    control.dataset.autofocus = '';
    document.body.append(control);
    const focus = vi.spyOn(control, 'focus');
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    try {
      host['toggle-open']!({ isOpen: true, focusVisible: false });
      await vi.waitFor(() => expect(focus).toHaveBeenLastCalledWith({ focusVisible: false }));
      host['toggle-open']!({ isOpen: true, focusVisible: true });
      await vi.waitFor(() => expect(focus).toHaveBeenLastCalledWith({ focusVisible: true }));
    } finally {
      hasFocus.mockRestore();
      control.remove();
    }
  });

  it('closes every layer over the chat (emoji picker, dialog) as the window closes, for none to be there when it opens again', async () => {
    const { host } = await setup({ messages: [] });
    const close = vi.fn();
    const unregister = openLayer(close);
    try {
      host['toggle-open']!({ isOpen: true });
      expect(close).not.toHaveBeenCalled();
      host['toggle-open']!({ isOpen: false });
      expect(close).toHaveBeenCalledOnce();
    } finally {
      unregister();
    }
  });

  it('closing the unread prompt marks the messages seen, leaves unread mode and returns home', async () => {
    const { state, host, navigate, sent, endpoints } = await setup({ messages: [widgetMessage(1)] });
    state.router.navigate('/unread-messages');
    host['toggle-open']!({ isOpen: false });
    expect(called(endpoints, 'POST', '/conversations/update_last_seen')).toHaveLength(1);
    expect(sent('resetUnreadMode')).toHaveLength(1);
    expect(navigate).toHaveBeenLastCalledWith('/');
  });
});

describe('set-user', () => {
  const user = { email: 'ana@example.com', name: 'Ana', company_name: 'Acme', city: 'Lisbon', custom_attributes: { plan: 'pro' } };

  it('sends the identity to the server, folding the profile extras into additional_attributes', async () => {
    const { host, endpoints } = await setup();
    await host['set-user']!({ identifier: 42, user });
    const [call] = called(endpoints, 'PATCH', '/contact/set_user');
    expect(call.body).toMatchObject({
      identifier: '42',
      email: 'ana@example.com',
      name: 'Ana',
      custom_attributes: { plan: 'pro' },
      additional_attributes: { company_name: 'Acme', city: 'Lisbon' },
    });
  });

  it('learns the contact again, so the pre-chat form does not ask for what the site gave (3.3.7)', async () => {
    const widget = await setup();
    const original = widget.request.getMockImplementation()!;
    widget.request.mockImplementation(async (endpoint: Endpoint) =>
      endpoint.path === '/api/v1/widget/contact' && endpoint.method === 'GET'
        ? { id: 9, has_email: true, has_name: true, has_phone_number: false, identifier: 'ana' }
        : original(endpoint),
    );
    await widget.host['set-user']!({ identifier: 'ana', user });
    expect(widget.state.contact.contact.value).toMatchObject({ has_email: true, has_name: true });
  });

  it('switches to the new visitor the server answers with: token, cookie, socket and history', async () => {
    const widget = await setup({ messages: [widgetMessage(1)] });
    const original = widget.request.getMockImplementation()!;
    widget.request.mockImplementation(async (endpoint: Endpoint) =>
      endpoint.path.endsWith('/contact/set_user')
        ? { id: 9, widget_auth_token: 'jwt-new', pubsub_token: 'pubsub-new' }
        : original(endpoint),
    );
    await widget.host['set-user']!({ identifier: 'ana', user });
    expect(widget.state.session.authToken.value).toBe('jwt-new');
    expect(widget.state.session.pubsubToken.value).toBe('pubsub-new');
    expect(widget.sent('setAuthCookie')).toEqual([{ data: { widgetAuthToken: 'jwt-new' } }]);
    expect(called(widget.endpoints, 'GET', '/messages').length).toBeGreaterThanOrEqual(2);
  });

  it('also hands a React Native app the new token, which Chatwoot forgets to do', async () => {
    const widget = await setup();
    const original = widget.request.getMockImplementation()!;
    widget.request.mockImplementation(async (endpoint: Endpoint) =>
      endpoint.path.endsWith('/contact/set_user') ? { id: 9, widget_auth_token: 'jwt-new' } : original(endpoint),
    );
    (widget.bridge as { inNativeApp: boolean }).inNativeApp = true;
    await widget.host['set-user']!({ identifier: 'ana', user });
    expect(widget.bridge.sendNative).toHaveBeenCalledWith({ type: 'auth-token', value: 'jwt-new' });
  });

  it("reports a refused identity to the host as SET_USER_ERROR with the server's body", async () => {
    const widget = await setup();
    const body = { error: 'HMAC failed: Invalid Identifier Hash Provided' };
    widget.request.mockImplementation(async (endpoint: Endpoint) => {
      if (endpoint.path.endsWith('/contact/set_user')) throw new ApiError('bad_request', 401, body);
      return {};
    });
    await widget.host['set-user']!({ identifier: 'ana', user: { ...user, identifier_hash: 'wrong' } });
    expect(widget.sent('error')).toEqual([{ errorType: 'SET_USER_ERROR', data: body }]);
  });
});

describe('attributes and labels', () => {
  it('maps each host call to its widget API call', async () => {
    const { host, endpoints } = await setup();
    await host['set-custom-attributes']!({ customAttributes: { plan: 'pro' } });
    await host['delete-custom-attribute']!({ customAttribute: 'plan' });
    await host['set-conversation-custom-attributes']!({ customAttributes: { order: 7 } });
    await host['delete-conversation-custom-attribute']!({ customAttribute: 'order' });
    await host['set-label']!({ label: 'vip' });
    await host['remove-label']!({ label: 'vip' });
    expect(endpoints.slice(-6).map((e) => `${e.method} ${e.path.replace('/api/v1/widget', '')}`)).toEqual([
      'PATCH /contact',
      'POST /contact/destroy_custom_attributes',
      'POST /conversations/set_custom_attributes',
      'POST /conversations/destroy_custom_attributes',
      'POST /labels',
      'DELETE /labels/vip',
    ]);
  });

  it('tells the host when one of them fails', async () => {
    const widget = await setup();
    widget.request.mockImplementation(async () => {
      throw new ApiError('bad_response', 500, { error: 'boom' });
    });
    await widget.host['set-label']!({ label: 'vip' });
    await vi.waitFor(() => expect(widget.sent('error')).toEqual([{ errorType: 'SET_LABEL_ERROR', data: { error: 'boom' } }]));
  });

  it('warns in the console, without an error event, for a label the account does not have', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widget = await setup();
    widget.request.mockImplementation(async () => {
      throw new ApiError('bad_request', 422, { error: 'Label not found: nope' });
    });
    await widget.host['set-label']!({ label: 'nope' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('setLabel("nope")')));
    expect(widget.sent('error')).toEqual([]);
    warn.mockRestore();
  });

  it('keeps conversation attributes and labels until there is a conversation, then sends them in order', async () => {
    const { state, host, endpoints, sent } = await setup({ conversation: null });
    host['set-conversation-custom-attributes']!({ customAttributes: { plan: 'pro' } });
    host['set-label']!({ label: 'vip' });
    expect(called(endpoints, 'POST', '/conversations/set_custom_attributes')).toEqual([]);
    expect(called(endpoints, 'POST', '/labels')).toEqual([]);
    await state.conversation.fetch();
    expect(state.conversation.id.value).toBeUndefined();
    // The visitor's first message creates it.
    (state.conversation as unknown as { summary: { value: unknown } }).summary.value = { id: 7, status: 'open' };
    await vi.waitFor(() => expect(called(endpoints, 'POST', '/labels')).toHaveLength(1));
    const order = endpoints.filter((e) => /set_custom_attributes|\/labels$/.test(e.path)).map((e) => e.path.replace('/api/v1/widget', ''));
    expect(order).toEqual(['/conversations/set_custom_attributes', '/labels']);
    expect(sent('error')).toEqual([]);
  });
});

describe('page and launcher', () => {
  it('remembers the host page for the referrer, the branding link and campaigns', async () => {
    const { state, host } = await setup();
    host['change-url']!({ referrerURL: 'https://shop.example/pricing', referrerHost: 'shop.example' });
    expect(state.app.referrerURL.value).toBe('https://shop.example/pricing');
    expect(state.app.referrerHost.value).toBe('shop.example');
  });

  it('posts webwidget.triggered when opened, but not from a prompt', async () => {
    const { state, host, endpoints } = await setup();
    host['push-event']!({ eventName: 'webwidget.triggered' });
    state.router.navigate('/unread-messages');
    host['push-event']!({ eventName: 'webwidget.triggered' });
    const events = called(endpoints, 'POST', '/events');
    expect(events).toHaveLength(1);
    expect(events[0].body).toMatchObject({ name: 'webwidget.triggered' });
  });

  it('follows the phone layout and the colour scheme', async () => {
    const { state, host } = await setup();
    host['toggle-close-button']!({ isMobile: true });
    host['set-color-scheme']!({ darkMode: 'auto' });
    expect(state.app.settings.value).toMatchObject({ darkMode: 'auto' });
    expect(state.app.isMobile.value).toBe(true);
  });
});

describe('set-consent', () => {
  beforeEach(() => localStorage.clear());

  it('true lets the widget store, without telling the host back', async () => {
    const { state, host, sent } = await setup();
    host['config-set']!({ ...DEFAULT_SETTINGS, consent: 'ask' });
    expect(frameStorage(state.app)).toBeUndefined();
    host['set-consent']!({ granted: true });
    await vi.waitFor(() => expect(state.app.settings.value.consent).toBe('granted'));
    expect(frameStorage(state.app)).toBe(localStorage);
    expect(sent('consent')).toEqual([]);
  });

  it('false deletes what the widget stored, ends what keeps the visitor (the socket), and stores nothing more', async () => {
    const { state, host } = await setup();
    localStorage.setItem('wren:recent-emoji', '["😀"]');
    localStorage.setItem('other:key', 'kept');
    const endSocket = vi.fn();
    state.forgets.push(endSocket);
    host['set-consent']!({ granted: false });
    await vi.waitFor(() => expect(localStorage.getItem('wren:recent-emoji')).toBeNull());
    expect(localStorage.getItem('other:key')).toBe('kept');
    expect(endSocket).toHaveBeenCalledOnce();
    expect(state.app.settings.value.consent).toBe('declined');
    expect(frameStorage(state.app)).toBeUndefined();
  });
});

describe('send-message', () => {
  it('sends the text as the visitor without opening the chat or leaving home', async () => {
    const { state, host, endpoints, navigate } = await setup({ messages: [] });
    host['send-message']!({ message: '  Where is my order?  ' });
    await vi.waitFor(() => expect(called(endpoints, 'POST', '/messages')).toHaveLength(1));
    expect(called(endpoints, 'POST', '/messages')[0].body).toMatchObject({ message: { content: 'Where is my order?' } });
    expect(navigate).not.toHaveBeenCalled();
    expect(state.app.isWidgetOpen.value).toBe(false);
  });

  it('ignores an empty text', async () => {
    const { host, endpoints } = await setup({ messages: [] });
    host['send-message']!({ message: '   ' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(called(endpoints, 'POST', '/messages')).toEqual([]);
  });
});
