/**
 * One e-mail rule (src/shared/email.ts) wherever Wren takes an address: an address a mail header
 * would read as two recipients (`v@x.example,postmaster`, `v@x.example;root`) is refused with 422
 * everywhere and neither stored nor mailed to; one that is simply not an address is refused where
 * it is the request's point and dropped, as Chatwoot drops it, where it is a contact detail among
 * others. On SQLite and PostgreSQL.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../server/mail/mailer';
import { updateContact } from '../../server/repositories/contacts';
import { createFixture, sendMessage, type Fixture, type Visitor, WRITE_LIMITS_OFF } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture({ env: WRITE_LIMITS_OFF });
});
afterEach(() => fx.close());

const MORE_THAN_ONE = ['v@x.example,postmaster', 'v@x.example;root', 'Ana <ana@example.com>', 'v@x.example\r\nBcc: root@x.example'];
const NOT_AN_ADDRESS = 'not-an-email';
/** Where an e-mail is one contact detail among others: Chatwoot drops one that is not an address. */
const CONTACT_DETAIL = new Set(['PATCH /contact', 'PATCH /contact/set_user', 'POST /conversations (pre-chat)']);

const contactOf = async (visitor: Visitor) => (await (await fx.widget('/contact', visitor)).json()) as { email?: string | null };

/** Every place a visitor or an agent gives an e-mail, as a request carrying `email`. */
function places(visitor: Visitor, ids: { conversation: number; question: number }) {
  const widget = (method: string, path: string) => (body: unknown) => fx.widget(path, visitor, { method, body });
  return {
    'PATCH /contact': (email: string) => widget('PATCH', '/contact')({ email, name: 'Ana' }),
    'PATCH /contact/set_user': (email: string) => widget('PATCH', '/contact/set_user')({ identifier: 'ana-1', email }),
    'POST /conversations (pre-chat)': (email: string) =>
      widget('POST', '/conversations')({ contact: { name: 'Ana', email }, message: { content: 'Hello' } }),
    'PATCH /messages/:id (input_email)': (email: string) => widget('PATCH', `/messages/${ids.question}`)({ contact: { email } }),
    'POST /conversations/transcript': (email: string) => widget('POST', '/conversations/transcript')({ email }),
    'Application API transcript': (email: string) =>
      fx.agent(`/conversations/${ids.conversation}/transcript`, { method: 'POST', body: { email } }),
  };
}

describe('an e-mail address that is not one address', () => {
  it('is refused with 422 wherever one is taken, and nothing is stored or mailed', async () => {
    const visitor = await fx.visit();
    const { conversation_id: conversation } = await sendMessage(fx, visitor, 'hi');
    const asked = await fx.agent(`/conversations/${conversation}/messages`, {
      method: 'POST',
      body: { content: 'Your e-mail?', content_type: 'input_email' },
    });
    const question = (await asked.json()).id as number;
    for (const [place, send] of Object.entries(places(visitor, { conversation, question }))) {
      for (const email of [...MORE_THAN_ONE, NOT_AN_ADDRESS]) {
        const res = await send(email);
        if (email === NOT_AN_ADDRESS && CONTACT_DETAIL.has(place)) {
          expect(res.status, `${place} ${JSON.stringify(email)}`).toBe(200);
          continue;
        }
        expect(res.status, `${place} ${JSON.stringify(email)}`).toBe(422);
        const body = await res.json();
        expect(JSON.stringify(body), place).toMatch(/valid email address/);
      }
    }
    expect((await contactOf(visitor)).email ?? null).toBeNull();
    expect(fx.mails).toEqual([]);
    // A good address goes through every one of them.
    for (const [place, send] of Object.entries(places(visitor, { conversation, question }))) {
      expect((await send('ana@example.com')).status, place).toBe(200);
    }
    expect(fx.mails.map((mail) => mail.to)).toEqual(['ana@example.com', 'ana@example.com']);
  });

  it('stored by an earlier version, is not mailed a transcript, and no mailer sends to one', async () => {
    const visitor = await fx.visit();
    const { conversation_id: conversation } = await sendMessage(fx, visitor, 'hi');
    const { id } = (await (await fx.agent(`/conversations/${conversation}`)).json()).meta.sender as { id: number };
    await updateContact(fx.db, id, { email: 'v@x.example,postmaster' });
    const res = await fx.widget('/conversations/transcript', visitor, { method: 'POST', body: {} });
    expect(res.status).toBe(422);
    expect(fx.mails).toEqual([]);

    const outboxDir = mkdtempSync(join(tmpdir(), 'wren-outbox-'));
    try {
      const mailer = createMailer({ outboxDir });
      await expect(mailer.send({ to: 'v@x.example;root', subject: 'Hi', text: 'Hi' })).rejects.toThrow(/single e-mail address/);
      expect(readdirSync(outboxDir)).toEqual([]);
      await mailer.send({ to: 'ana@example.com', subject: 'Hi', text: 'Hi' });
      expect(readdirSync(outboxDir)).toHaveLength(1);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
