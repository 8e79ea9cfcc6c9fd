import { MESSAGE_TYPE } from '../../src/shared/types';
import { SEED_AGENT_ID } from '../../server/seed';
import { findConversation } from '../../server/repositories/conversations';
import { findUsers } from '../../server/repositories/users';
import { postAgentMessage, postInboxMessage, type AgentMessageInput } from '../../server/services/agentActions';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

// Visitors who write while the team is away are not lost (docs/behaviour.md#away-visitors): the
// inbox asks for their e-mail after their first message, and a reply written after they left goes
// to that e-mail.

let fx: Fixture;
/** The presence clock: a visitor has left once their widget's last sign of life is 25 s old. */
let now: number;
const LEFT_MS = 25_000;
beforeEach(async () => {
  now = Date.now();
  fx = await createFixture({ now: () => now });
});
afterEach(() => fx.close());

type Listed = { payload: { id: number; content: string; content_type: string; message_type: number; sender?: unknown }[] };
const messagesOf = async (visitor: Visitor) => ((await (await fx.widget('/messages', visitor)).json()) as Listed).payload;
const setAvailability = (availability: string) =>
  fx.request('/api/v1/profile/availability', {
    method: 'POST',
    headers: { api_access_token: fx.config.apiAccessToken },
    body: { profile: { account_id: 1, availability } },
  });
const inbox = (changes: Record<string, unknown>) => fx.agent('/inboxes/1', { method: 'PATCH', body: changes });

describe('e-mail collect', () => {
  it('does not interrupt a visitor the team can answer now', async () => {
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hello?');
    expect((await messagesOf(visitor)).map((m) => m.content_type)).toEqual(['text']);
  });

  it('does not interrupt the first message on a new install, before anyone has opened the agent console (README, Quick start; docs/operations.md#presence)', async () => {
    const fresh = await createFixture({ now: () => now, agentAtWork: false });
    try {
      const visitor = await fresh.visit();
      await sendMessage(fresh, visitor, 'Hello?');
      const listed = (await (await fresh.widget('/messages', visitor)).json()) as Listed;
      expect(listed.payload.map((m) => m.content_type)).toEqual(['text']);
    } finally {
      await fresh.close();
    }
  });

  it('asks an away team’s visitor for an e-mail after their first message only, from the inbox, in their language', async () => {
    expect((await setAvailability('offline')).status).toBe(200);
    const visitor = await fx.visit();
    const events = fx.listen(visitor.pubsubToken);
    const res = await fx.widget('/messages?locale=fr', visitor, { method: 'POST', body: { message: { content: 'Bonjour ?' } } });
    expect(res.status).toBe(200);
    const [first, ask] = await messagesOf(visitor);
    expect(first.content).toBe('Bonjour ?');
    expect(ask).toMatchObject({
      content_type: 'input_email',
      message_type: 3,
      content: 'Nous sommes absents pour le moment. Laissez-nous votre adresse e-mail et nous vous répondrons par ce biais.',
    });
    expect(ask).not.toHaveProperty('sender');
    const messageEvents = events.filter((e) => e.event.startsWith('message.'));
    expect(messageEvents.map((e) => [e.event, (e.data as { content_type: string }).content_type])).toEqual([
      ['message.created', 'text'],
      ['message.created', 'input_email'],
    ]);
    await sendMessage(fx, visitor, 'Anyone?');
    expect((await messagesOf(visitor)).map((m) => m.content_type)).toEqual(['text', 'input_email', 'text']);
  });

  it('asks in English when the language is unknown, and when the team is outside its working hours', async () => {
    const closedAllWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day_of_week: day, closed_all_day: true }));
    await inbox({ working_hours_enabled: true, working_hours: closedAllWeek });
    const visitor = await fx.visit();
    await fx.widget('/messages?locale=xx', visitor, { method: 'POST', body: { message: { content: 'Hi' } } });
    expect((await messagesOf(visitor)).at(-1)?.content).toBe(
      "We're away right now. Leave your e-mail address and we'll reply to you there.",
    );
  });

  it('does not ask a visitor whose e-mail is known, nor when the inbox turned it off', async () => {
    await setAvailability('offline');
    const known = await fx.visit();
    await fx.widget('/contact', known, { method: 'PATCH', body: { email: 'ana@example.com' } });
    await sendMessage(fx, known, 'Hi, it is Ana');
    expect((await messagesOf(known)).map((m) => m.content_type)).toEqual(['text']);

    expect((await (await inbox({ enable_email_collect: false })).json()).enable_email_collect).toBe(false);
    const anonymous = await fx.visit();
    await sendMessage(fx, anonymous, 'Hi');
    expect((await messagesOf(anonymous)).map((m) => m.content_type)).toEqual(['text']);
  });

  it('the visitor’s answer stores the e-mail on their contact', async () => {
    await setAvailability('offline');
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'Hi');
    const ask = (await messagesOf(visitor)).at(-1)!;
    const res = await fx.widget(`/messages/${ask.id}`, visitor, { method: 'PATCH', body: { contact: { email: 'bo@example.com' } } });
    expect(res.status).toBe(200);
    expect(await (await fx.widget('/contact', visitor)).json()).toMatchObject({ has_email: true });
  });
});

describe('replies by e-mail', () => {
  async function awayVisitorWithEmail() {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'cy@example.com' } });
    await sendMessage(fx, visitor, 'Do you ship to Iceland?');
    // Then they close the page: their widget's calls stop, and its presence runs out.
    now += LEFT_MS;
    return visitor;
  }
  const reply = (body: Record<string, unknown>) => fx.agent('/conversations/1/messages', { method: 'POST', body });

  it('go to a visitor who has left, with the agent’s words and the way back', async () => {
    await inbox({ website_url: 'https://shop.example' });
    await awayVisitorWithEmail();
    expect((await reply({ content: 'Yes, in 3 days.' })).status).toBe(200);
    expect(fx.mails).toHaveLength(1);
    const [mail] = fx.mails;
    expect(mail.to).toBe('cy@example.com');
    expect(mail.subject).toBe('New reply from Wren demo');
    expect(mail.text).toContain('Yes, in 3 days.');
    expect(mail.text).toContain('Continue the conversation on https://shop.example');
    expect(mail.html).toContain('Yes, in 3 days.');
  });

  it('stay in the widget while the visitor is on the site (connected)', async () => {
    const visitor = await awayVisitorWithEmail();
    fx.listen(visitor.pubsubToken);
    await reply({ content: 'Yes.' });
    expect(fx.mails).toEqual([]);
  });

  it('stay in the widget while the visitor is on the site through another process (their presence)', async () => {
    const visitor = await awayVisitorWithEmail();
    // Their widget's cable pings another server of the deployment: only the shared presence knows.
    await fx.presence.visitorSeen(visitor.pubsubToken);
    await reply({ content: 'Yes.' });
    expect(fx.mails).toEqual([]);
  });

  it('wait for the visitor to leave: one who wrote moments ago is still reading', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'cy@example.com' } });
    await sendMessage(fx, visitor, 'Do you ship to Iceland?');
    await reply({ content: 'Yes.' });
    expect(fx.mails).toEqual([]);
  });

  it('are not sent for private notes, without an e-mail, or when the inbox turned continuity off', async () => {
    await awayVisitorWithEmail();
    await reply({ content: 'note to self', private: true });
    await inbox({ continuity_via_email: false });
    await reply({ content: 'Yes.' });
    const other = await fx.visit();
    await sendMessage(fx, other, 'Hi');
    await inbox({ continuity_via_email: true });
    await fx.agent('/conversations/2/messages', { method: 'POST', body: { content: 'Hello!' } });
    expect(fx.mails).toEqual([]);
  });

  it('escape HTML in the agent’s words', async () => {
    await awayVisitorWithEmail();
    await reply({ content: '<img src=x onerror=alert(1)>' });
    expect(fx.mails[0].html).not.toContain('<img');
    expect(fx.mails[0].html).toContain('&lt;img');
  });
});

describe('the away e-mail form (docs/behaviour.md#away-mode)', () => {
  it("makes its message a conversation with the contact's e-mail, which the team answers by e-mail", async () => {
    await inbox({ away_mode: 'email_form' });
    await setAvailability('offline');
    const visitor = await fx.visit();
    // What the form sends: the pre-chat form's one request, name, e-mail and message.
    const res = await fx.widget('/conversations', visitor, {
      method: 'POST',
      body: { contact: { name: 'Dee', email: 'dee@example.com' }, message: { content: 'Can I return a gift?' } },
    });
    expect(res.status).toBe(200);
    const created = await res.json();

    const conversation = await (await fx.agent(`/conversations/${created.id}`)).json();
    expect(conversation.meta.sender).toMatchObject({ name: 'Dee', email: 'dee@example.com' });
    // The form gave the e-mail: the inbox does not ask for it again.
    expect((await messagesOf(visitor)).map((m) => m.content_type)).toEqual(['text']);

    now += LEFT_MS;
    expect(
      (await fx.agent(`/conversations/${created.id}/messages`, { method: 'POST', body: { content: 'Yes, within 30 days.' } })).status,
    ).toBe(200);
    expect(fx.mails.map((mail) => [mail.to, mail.text.includes('Yes, within 30 days.')])).toEqual([['dee@example.com', true]]);
  });
});

// The Application API is one writer of an agent's message; a bot's path, the console's or a later
// one calls the service that writes it, and must get what follows from it all the same.
describe("an agent's message, whichever path writes it", () => {
  const text = (content: string): AgentMessageInput => ({
    content,
    message_type: MESSAGE_TYPE.outgoing,
    private: false,
    content_type: 'text',
    content_attributes: {},
    echo_id: null,
  });
  const statusesOf = async (visitor: Visitor) =>
    ((await (await fx.widget('/messages', visitor)).json()) as { payload: { content: string; status: string }[] }).payload.map((m) => [
      m.content,
      m.status,
    ]);

  it('reads the visitor’s messages and mails a visitor who has left, without the Application API', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'cy@example.com' } });
    const { conversation_id } = await sendMessage(fx, visitor, 'Do you ship to Iceland?');
    now += LEFT_MS;
    const conversation = await findConversation(fx.deps.db, conversation_id);
    const [agent] = await findUsers(fx.deps.db, [SEED_AGENT_ID]);
    if (!conversation || !agent) throw new Error('no conversation or agent');

    const { created } = await postAgentMessage(fx.deps, conversation, agent, text('Yes, in 3 days.'));

    expect(created).toBe(true);
    expect(await statusesOf(visitor)).toEqual([
      ['Do you ship to Iceland?', 'read'],
      ['Yes, in 3 days.', 'sent'],
    ]);
    expect((await findConversation(fx.deps.db, conversation_id))?.agent_last_seen_at).toBeGreaterThan(0);
    expect(fx.mails.map((mail) => [mail.to, mail.text.includes('Yes, in 3 days.')])).toEqual([['cy@example.com', true]]);
  });

  it('is no answer when the inbox sends it by itself (a campaign’s, the survey, the e-mail ask): nothing read, nobody mailed', async () => {
    const visitor = await fx.visit();
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'cy@example.com' } });
    const { conversation_id } = await sendMessage(fx, visitor, 'Hello?');
    now += LEFT_MS;
    const conversation = await findConversation(fx.deps.db, conversation_id);
    const [agent] = await findUsers(fx.deps.db, [SEED_AGENT_ID]);
    if (!conversation || !agent) throw new Error('no conversation or agent');

    await postInboxMessage(fx.deps, conversation, agent, text('20% off this week'));

    expect(await statusesOf(visitor)).toEqual([
      ['Hello?', 'sent'],
      ['20% off this week', 'sent'],
    ]);
    expect(fx.mails).toEqual([]);
  });
});
