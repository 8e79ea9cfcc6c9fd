// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Endpoint } from '../../../src/widget/api/endpoints';
import { PreChat } from '../../../src/widget/views/PreChat';
import { WidgetContext } from '../../../src/widget/widgetContext';
import { fakeWidget } from '../state/widgetFixture';

const route = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path.replace('/api/v1/widget', '')}`;

async function setup(fail = false) {
  const widget = fakeWidget(
    {
      conversation: null,
      answer: (endpoint) => {
        if (route(endpoint) !== 'POST /conversations') return undefined;
        if (fail) return Promise.reject(new Error('offline'));
        return {
          id: 7,
          inbox_id: 1,
          status: 'open',
          messages: [],
          contact: { id: 3, name: 'Ada', email: 'ada@example.com', phone_number: null, identifier: null },
        };
      },
    },
    { channel: { awayMode: 'email_form', websiteName: 'Acme' } },
  );
  await widget.state.load();
  widget.state.startConversation();
  render(
    <WidgetContext.Provider value={widget.state}>
      <PreChat />
    </WidgetContext.Provider>,
  );
  await screen.findByText("Nobody is online right now. Leave us a message and we'll reply by e-mail.");
  return widget;
}

const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
const fill = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send message' })));

describe('the away e-mail form', () => {
  it('asks name, e-mail and message, all required, and sends nothing with a bad e-mail', async () => {
    const { endpoints } = await setup();
    fill('Full Name', 'Ada Lovelace');
    fill('Email Address', 'ada@');
    fill('Message', 'Call me back');
    await send();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(endpoints.filter((endpoint) => route(endpoint) === 'POST /conversations')).toEqual([]);
  });

  it('sends one conversation with the contact’s name and e-mail, then confirms where the reply goes and stays', async () => {
    const { endpoints, navigate } = await setup();
    fill('Full Name', 'Ada Lovelace');
    fill('Email Address', 'ada@example.com');
    fill('Message', 'Call me back');
    await send();
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe("Thank you! We've got your message and will reply to ada@example.com.");
    await waitFor(() => expect(document.activeElement).toBe(status));
    const [created] = endpoints.filter((endpoint) => route(endpoint) === 'POST /conversations');
    expect(created.body).toMatchObject({
      contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
      message: { content: 'Call me back' },
    });
    expect(navigate).not.toHaveBeenLastCalledWith('/messages');
  });

  it('keeps what was typed and says so when sending failed', async () => {
    const { state } = await setup(true);
    fill('Full Name', 'Ada Lovelace');
    fill('Email Address', 'ada@example.com');
    fill('Message', 'Call me back');
    await send();
    await waitFor(() => expect(state.banner.value?.message).toBe('Something went wrong. Please try again.'));
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Call me back');
  });
});
