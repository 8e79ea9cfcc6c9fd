import * as firstPaintEndpoints from '../../../src/widget/api/endpoints';
import * as attachmentEndpoints from '../../../src/widget/api/attachmentEndpoints';
import * as botReplyEndpoints from '../../../src/widget/api/botReplyEndpoints';
import * as siteCallEndpoints from '../../../src/widget/api/siteCallEndpoints';
import * as transcriptEndpoints from '../../../src/widget/api/transcriptEndpoints';

/** Every call, wherever its module lives (the first paint's, or a lazy part's). */
const endpoints = { ...firstPaintEndpoints, ...attachmentEndpoints, ...botReplyEndpoints, ...siteCallEndpoints, ...transcriptEndpoints };

const W = '/api/v1/widget';

describe('widget endpoints', () => {
  it.each([
    ['getConversation', endpoints.getConversation(), 'GET', '/conversations', undefined],
    [
      // The pre-chat form's one call: the contact, the first message and the conversation attributes.
      'createConversation',
      endpoints.createConversation({
        contact: { name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678' },
        message: { content: 'Hello', timestamp: 'Mon Jun 10 2024', referer_url: 'https://shop.example/', echo_id: 'e-1' },
        custom_attributes: { order_id: 'AB1234' },
      }),
      'POST',
      '/conversations',
      {
        contact: { name: 'Ada', email: 'ada@example.com', phone_number: '+4915112345678' },
        message: { content: 'Hello', timestamp: 'Mon Jun 10 2024', referer_url: 'https://shop.example/', echo_id: 'e-1' },
        custom_attributes: { order_id: 'AB1234' },
      },
    ],
    [
      'updateLastSeen',
      endpoints.updateLastSeen(1718000000),
      'POST',
      '/conversations/update_last_seen',
      { contact_last_seen_at: 1718000000 },
    ],
    ['toggleTyping on', endpoints.toggleTyping(true), 'POST', '/conversations/toggle_typing', { typing_status: 'on' }],
    ['toggleTyping off', endpoints.toggleTyping(false), 'POST', '/conversations/toggle_typing', { typing_status: 'off' }],
    [
      'requestTranscript',
      endpoints.requestTranscript('ana@example.com'),
      'POST',
      '/conversations/transcript',
      { email: 'ana@example.com' },
    ],
    ['toggleStatus', endpoints.toggleStatus(), 'GET', '/conversations/toggle_status', undefined],
    [
      'setConversationCustomAttributes',
      endpoints.setConversationCustomAttributes({ plan: 'pro' }),
      'POST',
      '/conversations/set_custom_attributes',
      { custom_attributes: { plan: 'pro' } },
    ],
    [
      'deleteConversationCustomAttribute',
      endpoints.deleteConversationCustomAttribute('plan'),
      'POST',
      '/conversations/destroy_custom_attributes',
      { custom_attribute: ['plan'] },
    ],
    [
      'updateMessage',
      endpoints.updateMessage(12, { message: { submitted_values: [{ title: 'Yes', value: 'yes' }] } }),
      'PATCH',
      '/messages/12',
      { message: { submitted_values: [{ title: 'Yes', value: 'yes' }] } },
    ],
    ['getContact', endpoints.getContact(), 'GET', '/contact', undefined],
    ['updateContact', endpoints.updateContact({ email: 'ana@example.com' }), 'PATCH', '/contact', { email: 'ana@example.com' }],
    [
      'setUser',
      endpoints.setUser({ identifier: 'u-1', identifier_hash: 'abc' }),
      'PATCH',
      '/contact/set_user',
      { identifier: 'u-1', identifier_hash: 'abc' },
    ],
    [
      'deleteContactCustomAttributes',
      endpoints.deleteContactCustomAttributes(['plan']),
      'POST',
      '/contact/destroy_custom_attributes',
      { custom_attributes: ['plan'] },
    ],
    ['addLabel', endpoints.addLabel('vip'), 'POST', '/labels', { label: 'vip' }],
    ['removeLabel', endpoints.removeLabel('needs review/urgent'), 'DELETE', '/labels/needs%20review%2Furgent', undefined],
    ['createEvent', endpoints.createEvent('signup', { plan: 'pro' }), 'POST', '/events', { name: 'signup', event_info: { plan: 'pro' } }],
    ['getInboxMembers', endpoints.getInboxMembers(), 'GET', '/inbox_members', undefined],
    ['getCampaigns', endpoints.getCampaigns(), 'GET', '/campaigns', undefined],
    ['joinVideoCall', endpoints.joinVideoCall(44), 'POST', '/integrations/dyte/add_participant_to_meeting', { message_id: 44 }],
  ])('%s is %s %s', (_name, endpoint, method, path, body) => {
    expect(endpoint).toMatchObject({ method, path: W + path });
    expect(endpoint.body).toEqual(body);
  });

  it('pages messages with before and after ids', () => {
    expect(endpoints.getMessages({ before: 10, after: 2 })).toMatchObject({
      method: 'GET',
      path: `${W}/messages`,
      query: { before: 10, after: 2 },
    });
  });

  it('sends a text message as message{content, reply_to, timestamp, referer_url, echo_id}', () => {
    const message = { content: 'Hi', reply_to: 3, timestamp: 'now', referer_url: 'https://shop.example/', echo_id: 'e-1' };
    expect(endpoints.sendMessage(message).body).toEqual({ message });
  });

  it('sends attachments as message[...] form fields', () => {
    const form = endpoints.sendAttachment({
      attachments: [new Blob(['a']), 'signed-blob-id'],
      timestamp: 'now',
      referer_url: 'https://shop.example/',
      reply_to: 9,
    }).body as FormData;
    expect(form.getAll('message[attachments][]')).toHaveLength(2);
    expect(form.get('message[attachments][]')).toBeInstanceOf(Blob);
    expect(form.getAll('message[attachments][]')[1]).toBe('signed-blob-id');
    expect(form.get('message[timestamp]')).toBe('now');
    expect(form.get('message[reply_to]')).toBe('9');
  });

  it("sends an attachment's echo_id and other fields before its files, for a gateway to read first", () => {
    const form = endpoints.sendAttachment({
      attachments: [new Blob(['a'])],
      timestamp: 'now',
      referer_url: 'https://shop.example/',
      echo_id: 'e-1',
    }).body as FormData;
    expect([...form.keys()]).toEqual(['message[echo_id]', 'message[referer_url]', 'message[timestamp]', 'message[attachments][]']);
  });

  it('triggers a campaign through the events endpoint', () => {
    const info = { campaign_id: 3, initiated_at: { timestamp: 'now' }, referer: 'https://shop.example/pricing' };
    expect(endpoints.triggerCampaign(info)).toMatchObject({
      method: 'POST',
      path: `${W}/events`,
      body: { name: 'campaign.triggered', event_info: info },
    });
  });
});
