// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { MessageItem } from '../../../src/agent/components/MessageItem';
import type { AgentMessage } from '../../../src/shared/applicationApi';
import { MESSAGE_TYPE } from '../../../src/shared/types';
import { agentReply, message } from '../fixtures';

const show = (m: AgentMessage) => render(<ul>{<MessageItem message={m} contactName="quiet-river-482" />}</ul>);

describe('a message in the console', () => {
  it("names the visitor on their messages and the agent on theirs, with the visitor's read receipt", () => {
    show(message({ content: 'Hello?' }));
    expect(screen.getByText('quiet-river-482')).toBeTruthy();
    show(agentReply({ status: 'read' }));
    expect(screen.getByText('Wren')).toBeTruthy();
    expect(screen.getByText('Read')).toBeTruthy();
  });

  it('says a bot wrote what no agent did, and what its interactive message asks and got', () => {
    show(
      agentReply({
        sender: undefined,
        sender_type: 'AgentBot',
        message_type: MESSAGE_TYPE.template,
        content: 'How can we help?',
        content_type: 'input_select',
        content_attributes: { items: [{ title: 'Track my order' }], submitted_values: [{ title: 'Track my order' }] },
      }),
    );
    expect(screen.getByText('Bot')).toBeTruthy();
    expect(screen.getByText('Options: Track my order')).toBeTruthy();
    expect(screen.getByText('Answer: Track my order')).toBeTruthy();
  });

  it('marks a private note, and shows an activity as a line of its own', () => {
    show(agentReply({ private: true, content: 'VIP customer' }));
    expect(screen.getByText('Private note')).toBeTruthy();
    show(agentReply({ id: 5, message_type: MESSAGE_TYPE.activity, content: 'Conversation was marked resolved', sender: undefined }));
    expect(screen.getByText(/Conversation was marked resolved/).closest('li')?.className).toBe('msg msg--activity');
  });

  it('shows an image as a thumbnail linking to the file, other files as links, and no unsafe link', () => {
    show(
      message({
        content: null,
        attachments: [
          {
            id: 1,
            message_id: 100,
            account_id: 1,
            file_type: 'image',
            data_url: 'http://x/uploads/k/cat.png',
            thumb_url: 'http://x/uploads/k/cat.png',
          },
          { id: 2, message_id: 100, account_id: 1, file_type: 'file', data_url: 'http://x/uploads/k/Invoice.pdf' },
          { id: 3, message_id: 100, account_id: 1, file_type: 'fallback', data_url: 'javascript:alert(1)', fallback_title: 'Click me' },
        ],
      }),
    );
    const image = screen.getByRole('img', { name: 'Image: cat.png' });
    expect(image.closest('a')?.getAttribute('href')).toBe('http://x/uploads/k/cat.png');
    expect(screen.getByRole('link', { name: 'Invoice.pdf' }).getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText('Click me')).toBeNull();
  });

  it('says a deleted message was deleted', () => {
    show(message({ content: 'This message was deleted', content_attributes: { deleted: true } }));
    expect(screen.getByText('This message was deleted').className).toBe('msg__deleted');
  });
});
