// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChannelConfig, PreChatField } from '../../../src/shared/types';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { PreChat } from '../../../src/widget/views/PreChat';
import { fakeWidget, type FakeServer } from '../state/widgetFixture';

const FIELDS: PreChatField[] = [
  { field_type: 'standard', name: 'emailAddress', label: 'Email Id', type: 'email', required: true, enabled: true },
  { field_type: 'standard', name: 'fullName', label: '', type: 'text', required: false, enabled: true },
];

const channel = (fields = FIELDS): Partial<ChannelConfig> => ({
  websiteName: 'Acme',
  preChatFormEnabled: true,
  preChatFormOptions: { pre_chat_message: 'Tell us who you are', pre_chat_fields: fields },
});

const route = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path.replace('/api/v1/widget', '')}`;

async function setup({ server = {}, fields = FIELDS }: { server?: FakeServer; fields?: PreChatField[] } = {}) {
  const widget = fakeWidget({ conversation: null, ...server }, { channel: channel(fields) });
  await widget.state.load();
  widget.state.app.setPage('https://shop.example/', 'shop.example');
  render(
    <WidgetContext.Provider value={widget.state}>
      <PreChat />
    </WidgetContext.Provider>,
  );
  return widget;
}

describe('the pre-chat route', () => {
  it("shows the inbox's message and fields, its labels or the widget's own, and the message field", async () => {
    await setup();
    expect(screen.getByText('Tell us who you are')).toBeTruthy();
    expect(screen.getByLabelText('Email Id', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Full Name', { exact: false })).toBeTruthy();
    expect(screen.getByLabelText('Message', { exact: false }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('button', { name: 'Start Conversation' })).toBeTruthy();
  });

  it('says a required field is required in the words of its label, the message included', async () => {
    await setup({
      fields: [
        { field_type: 'standard', name: 'fullName', label: 'Full name', type: 'text', required: true, enabled: true },
        { field_type: 'standard', name: 'emailAddress', label: '', type: 'email', required: true, enabled: true },
      ],
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' })));
    // The inbox's label, as the inbox wrote it (not the spec's "Full Name").
    expect(screen.getByText('Full name is required')).toBeTruthy();
    // The widget's own label: the spec's sentence.
    expect(screen.getByText('Email Address is required')).toBeTruthy();
    // An empty message is required, not "too short".
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.queryByText('Message too short')).toBeNull();
  });

  it('goes straight to the conversation when there is nothing left to ask but the message', async () => {
    const widget = await setup({
      server: { contact: async () => ({ id: 1, has_email: true, has_name: true, has_phone_number: false, identifier: 'u-1' }) },
    });
    await waitFor(() => expect(widget.navigate).toHaveBeenLastCalledWith('/messages'));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('shows the campaign variant before a campaign: the campaign message, the header asking for name and e-mail, no message field', async () => {
    // A campaign that fired (its timer ran out on the page it targets) and was clicked.
    vi.useFakeTimers();
    const pricing = 'https://shop.example/pricing';
    const widget = fakeWidget(
      {
        conversation: null,
        campaigns: [
          {
            id: 7,
            message: 'Need help choosing a plan?',
            sender: { id: 2, name: 'Sam', available_name: 'Sam', avatar_url: '', type: 'user' },
            trigger_rules: { url: pricing, time_on_page: 5 },
            trigger_only_during_business_hours: false,
          },
        ],
      },
      { channel: channel() },
    );
    await widget.state.load();
    widget.state.app.setPage(pricing, 'shop.example');
    widget.state.campaigns.setPage(pricing, true);
    vi.advanceTimersByTime(5_000);
    vi.useRealTimers();
    expect(widget.state.campaigns.active.value?.id).toBe(7);
    widget.navigate('/prechat-form', { campaign: '' });
    render(
      <WidgetContext.Provider value={widget.state}>
        <PreChat />
      </WidgetContext.Provider>,
    );
    expect(screen.getByText('Need help choosing a plan?')).toBeTruthy();
    expect(screen.getByText('Sam')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Please provide your name and email before starting the conversation' })).toBeTruthy();
    expect(screen.queryByLabelText('Message', { exact: false })).toBeNull();
  });

  it('shows an error banner and keeps the answers when the conversation cannot be started', async () => {
    const widget = await setup({
      server: { answer: (endpoint) => (route(endpoint) === 'POST /conversations' ? Promise.reject(new Error('offline')) : undefined) },
    });
    const showBanner = vi.spyOn(widget.state, 'showBanner');
    fireEvent.input(screen.getByLabelText('Email Id', { exact: false }), { target: { value: 'ada@example.com' } });
    fireEvent.input(screen.getByLabelText('Message', { exact: false }), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start Conversation' })));
    await waitFor(() => expect(showBanner).toHaveBeenCalledWith('Something went wrong. Please try again.'));
    expect((screen.getByLabelText('Email Id', { exact: false }) as HTMLInputElement).value).toBe('ada@example.com');
    expect(widget.navigate).not.toHaveBeenCalledWith('/messages');
  });
});
