// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import { ConversationList, previewOf } from '../../../src/agent/components/ConversationList';
import { agentReply, contact, conversation, message } from '../fixtures';

describe('the conversation list', () => {
  it('shows each conversation as a button: who, when, what was said last, its status and whether it is new', () => {
    const onSelect = vi.fn();
    render(
      <ConversationList
        conversations={[
          conversation({ id: 1, messages: [message({ content: 'Hello?' })] }),
          conversation({ id: 2, status: 'resolved', meta: { ...conversation().meta, sender: contact({ name: 'Ana' }) } }),
        ]}
        total={2}
        selectedId={2}
        unread={new Set([1])}
        typing={new Set()}
        onSelect={onSelect}
        onLoadMore={() => {}}
      />,
    );
    const first = screen.getByRole('button', { name: /^quiet-river-482 .*Hello\? ?new$/ });
    const second = screen.getByRole('button', { name: /^Ana .*No messages yet ?resolved$/ });
    expect(second.getAttribute('aria-current')).toBe('true');
    expect(first.getAttribute('aria-current')).toBeNull();
    fireEvent.click(first);
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('button', { name: 'Load more conversations' })).toBeNull();
  });

  it('shows typing instead of the preview, and offers more when the account has more', () => {
    const onLoadMore = vi.fn();
    render(
      <ConversationList
        conversations={[conversation()]}
        total={30}
        selectedId={null}
        unread={new Set()}
        typing={new Set([1])}
        onSelect={() => {}}
        onLoadMore={onLoadMore}
      />,
    );
    expect(screen.getByText('typing…')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(onLoadMore).toHaveBeenCalled();
  });

  it('tells an empty account where conversations come from', () => {
    render(
      <ConversationList
        conversations={[]}
        total={0}
        selectedId={null}
        unread={new Set()}
        typing={new Set()}
        onSelect={() => {}}
        onLoadMore={() => {}}
      />,
    );
    expect(screen.getByText(/Open the demo page in another tab/)).toBeTruthy();
  });

  it("previews an agent's reply with the agent's name, and an attachment or a bot's question without text", () => {
    expect(previewOf(conversation({ messages: [{ ...message(), ...agentReply() }] }))).toBe('Wren: Hi! How can I help?');
    expect(
      previewOf(
        conversation({
          messages: [
            message({ content: null, attachments: [{ id: 1, message_id: 1, account_id: 1, file_type: 'image', data_url: '/u' }] }),
          ],
        }),
      ),
    ).toBe('Attachment');
    expect(
      previewOf(conversation({ messages: [message({ content: '', content_type: 'input_email', message_type: 3, sender: undefined })] })),
    ).toBe('Bot: Asks for an e-mail address');
  });

  it("says the inbox's own question to an away visitor comes from the bot, not from an agent's reply", () => {
    const away = message({
      content: "We're away right now. Leave your e-mail address and we'll reply to you there.",
      content_type: 'input_email',
      message_type: 3,
      sender_type: undefined,
      sender: undefined,
    });
    expect(previewOf(conversation({ messages: [away] }))).toBe(
      "Bot: We're away right now. Leave your e-mail address and we'll reply to you there.",
    );
  });

  it('previews markdown as the text the visitor reads, on one line', () => {
    const markdown = '**Your order** has _shipped_.\n\n- Tracking: [ABC123](https://track.example/ABC123)\n- `2 parcels`';
    expect(previewOf(conversation({ messages: [{ ...message(), ...agentReply({ content: markdown }) }] }))).toBe(
      'Wren: Your order has shipped. Tracking: ABC123 2 parcels',
    );
    expect(previewOf(conversation({ messages: [message({ content: '# Help\nI *cannot* log in' })] }))).toBe('Help I cannot log in');
  });

  it('shows the time of the message it previews, as the widget writes times (no padded hour)', () => {
    const at = new Date(2024, 5, 10, 9, 5).getTime() / 1000;
    vi.useFakeTimers({ now: new Date(2024, 5, 10, 18, 0), toFake: ['Date'] });
    try {
      render(
        <ConversationList
          conversations={[conversation({ last_activity_at: at + 60, messages: [message({ created_at: at })] })]}
          total={1}
          selectedId={null}
          unread={new Set()}
          typing={new Set()}
          onSelect={() => {}}
          onLoadMore={() => {}}
        />,
      );
      const expected = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at * 1000);
      expect(screen.getByText(expected).getAttribute('datetime')).toBe(new Date(at * 1000).toISOString());
    } finally {
      vi.useRealTimers();
    }
  });
});
