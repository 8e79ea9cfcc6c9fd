import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMailer } from '../../server/mail/mailer';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';
import { captureLog } from './observability/logCapture';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const transcript = (visitor: Visitor, body?: unknown) => fx.widget('/conversations/transcript', visitor, { method: 'POST', body });

async function conversation(visitor: Visitor) {
  await sendMessage(fx, visitor, 'Is <b>this</b> in stock?');
  await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Yes, ships today' } });
  await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'internal note', private: true } });
  await fx.agent('/conversations/1/messages', { method: 'POST', body: { content: 'Wren assigned', message_type: 'activity' } });
  await fx.agent('/conversations/1/messages', {
    method: 'POST',
    body: { attachments: [{ file_type: 'fallback', data_url: 'https://shop.example/item', fallback_title: 'The item' }] },
  });
}

describe('POST /api/v1/widget/conversations/transcript', () => {
  it('mails the messages the visitor can see, with senders and times, to the typed address', async () => {
    const visitor = await fx.visit();
    await conversation(visitor);
    const res = await transcript(visitor, { email: 'Ada@Example.com' });
    expect(res.status).toBe(200);
    expect(fx.mails).toHaveLength(1);
    const [mail] = fx.mails;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your conversation transcript from Wren demo' });
    expect(mail.text).toContain('Is <b>this</b> in stock?');
    expect(mail.text).toMatch(/Wren · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\nYes, ships today/);
    expect(mail.text).toContain('[Shared link: The item] https://shop.example/item');
    expect(mail.text).not.toContain('internal note');
    expect(mail.text).not.toContain('Wren assigned');
    expect(mail.html).toContain('Is &lt;b&gt;this&lt;/b&gt; in stock?');
    expect(mail.html).toContain('<a href="https://shop.example/item">Shared link: The item</a>');
  });

  it("falls back to the contact's stored e-mail", async () => {
    const visitor = await fx.visit();
    await conversation(visitor);
    await fx.widget('/contact', visitor, { method: 'PATCH', body: { email: 'stored@example.com' } });
    expect((await transcript(visitor)).status).toBe(200);
    expect(fx.mails.map((m) => m.to)).toEqual(['stored@example.com']);
  });

  it('answers 422 without a usable address and 429 without a conversation, sending nothing', async () => {
    const visitor = await fx.visit();
    const none = await transcript(visitor, { email: 'a@example.com' });
    expect(none.status).toBe(429);
    await conversation(visitor);
    const missing = await transcript(visitor, {});
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ error: 'An email address is required to send the transcript' });
    const invalid = await transcript(visitor, { email: 'nope' });
    expect(await invalid.json()).toEqual({ error: 'email: Please enter a valid email address' });
    expect(fx.mails).toEqual([]);
  });

  it('answers 503 when the mail cannot be sent, and logs why through the server log', async () => {
    const log = captureLog();
    const logged = await createFixture({ logger: log.logger });
    const visitor = await logged.visit();
    await sendMessage(logged, visitor, 'Hello');
    logged.mails.push = () => {
      throw new Error('SMTP down');
    };
    const res = await logged.widget('/conversations/transcript', visitor, { method: 'POST', body: { email: 'a@example.com' } });
    expect(res.status).toBe(503);
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'transcript mail failed', err: expect.objectContaining({ message: 'SMTP down' }) }),
    );
    await logged.close();
  });
});

describe('POST /api/v1/accounts/:a/conversations/:id/transcript', () => {
  it('mails the conversation to the given email, which is required', async () => {
    const visitor = await fx.visit();
    await conversation(visitor);
    expect((await fx.agent('/conversations/1/transcript', { method: 'POST', body: {} })).status).toBe(422);
    expect((await fx.agent('/conversations/1/transcript', { method: 'POST', body: { email: 'bad' } })).status).toBe(422);
    expect((await fx.agent('/conversations/9/transcript', { method: 'POST', body: { email: 'a@example.com' } })).status).toBe(404);
    expect((await fx.agent('/conversations/1/transcript', { method: 'POST', body: { email: 'boss@example.com' } })).status).toBe(200);
    expect(fx.mails.map((m) => m.to)).toEqual(['boss@example.com']);
  });
});

describe('mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file into the outbox', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'wren-outbox-'));
    try {
      await createMailer({ outboxDir }).send({ to: 'a@example.com', subject: 'Transcript', text: 'hello', html: '<p>hello</p>' });
      const [file] = readdirSync(outboxDir);
      expect(file).toMatch(/\.eml$/);
      const eml = readFileSync(join(outboxDir, file), 'utf8');
      expect(eml).toContain('To: a@example.com');
      expect(eml).toContain('Subject: Transcript');
      expect(eml).toMatch(/^From: Wren <no-reply@wren\.localhost>$/m);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it("sends under the installation's name (INSTALLATION_NAME)", async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'wren-outbox-'));
    try {
      await createMailer({ outboxDir, branding: { installationName: 'Acme Support, Inc.' } }).send({
        to: 'a@example.com',
        subject: 'Hi',
        text: 'hello',
      });
      const eml = readFileSync(join(outboxDir, readdirSync(outboxDir)[0]), 'utf8');
      expect(eml).toMatch(/^From: "Acme Support, Inc." <no-reply@wren\.localhost>$/m);
    } finally {
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});
