import { createConversation } from '../../../src/widget/api/preChatEndpoints';

describe("the pre-chat form's call", () => {
  it('is one POST /conversations with the contact, the first message and the conversation attributes', () => {
    const body = {
      contact: { name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678' },
      message: { content: 'Hello', timestamp: 'Mon Jun 10 2024', referer_url: 'https://shop.example/' },
      custom_attributes: { order_id: 'AB1234' },
    };
    expect(createConversation(body)).toEqual({ method: 'POST', path: '/api/v1/widget/conversations', body });
  });
});
