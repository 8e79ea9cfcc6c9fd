/**
 * A request's `Host` is whatever its sender wrote, so the links other people receive (an
 * attachment's URL in the agents' live events, a transcript e-mail) come from PUBLIC_URL, or
 * from the request only when it names this machine (`server/lib/publicUrl.ts`).
 */
import { createFixture, type Fixture, type Visitor } from './helpers';
import { captureLog } from './observability/logCapture';

const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let fx: Fixture;
afterEach(() => fx.close());

/** Uploads a picture as `visitor` through the origin `origin` and returns the agents' `message.created`. */
async function uploadThrough(origin: string, visitor: Visitor) {
  const agents = fx.listen('account_1');
  const form = new FormData();
  form.append('message[attachments][]', new Blob([GIF], { type: 'image/gif' }), 'label.gif');
  const res = await fx.app.request(`${origin}/api/v1/widget/messages?website_token=${fx.config.websiteToken}`, {
    method: 'POST',
    headers: { 'X-Auth-Token': visitor.authToken },
    body: form,
  });
  expect(res.status).toBe(200);
  const created = agents.find((e) => e.event === 'message.created')?.data as { attachments: { data_url: string }[] };
  return { answer: (await res.json()) as { attachments: { data_url: string }[] }, created };
}

async function transcriptThrough(origin: string, visitor: Visitor) {
  const res = await fx.app.request(`${origin}/api/v1/widget/conversations/transcript?website_token=${fx.config.websiteToken}`, {
    method: 'POST',
    headers: { 'X-Auth-Token': visitor.authToken, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'someone@example.com' }),
  });
  expect(res.status).toBe(200);
  return fx.mails.at(-1)!;
}

describe('links others receive', () => {
  it("never carry a visitor's Host: without PUBLIC_URL they name localhost at the server's port, and the operator is told once", async () => {
    const log = captureLog('warn');
    fx = await createFixture({ logger: log.logger, env: { PORT: '3123' } });
    const visitor = await fx.visit();
    const { answer, created } = await uploadThrough('http://attacker.example', visitor);
    expect(created.attachments[0].data_url).toMatch(/^http:\/\/localhost:3123\/uploads\//);
    expect(answer.attachments[0].data_url).toBe(created.attachments[0].data_url);

    const mail = await transcriptThrough('http://attacker.example', visitor);
    expect(`${mail.text}${mail.html}`).not.toContain('attacker.example');
    expect(mail.text).toContain('http://localhost:3123/uploads/');

    await uploadThrough('http://another.example', visitor);
    const warnings = log.lines.filter((line) => String(line.msg).startsWith('PUBLIC_URL is unset'));
    expect(warnings).toEqual([expect.objectContaining({ host: 'attacker.example', link_origin: 'http://localhost:3123' })]);
  });

  it('name PUBLIC_URL when it is set, whatever the Host', async () => {
    fx = await createFixture({ env: { PUBLIC_URL: 'https://chat.example.com' } });
    const visitor = await fx.visit();
    const { created } = await uploadThrough('http://attacker.example', visitor);
    expect(created.attachments[0].data_url).toMatch(/^https:\/\/chat\.example\.com\/uploads\//);
  });

  it.each(['http://localhost:4000', 'http://127.0.0.1:4000', 'http://[::1]:4000', 'http://wren.localhost'])(
    'name the request origin %s, which reaches only this machine',
    async (origin) => {
      fx = await createFixture();
      const visitor = await fx.visit();
      const { created } = await uploadThrough(origin, visitor);
      expect(created.attachments[0].data_url.startsWith(`${origin}/uploads/`)).toBe(true);
    },
  );
});

describe("the requester's own page", () => {
  it("lets the widget page's connect-src follow the host it was asked for, which only its requester sees", async () => {
    fx = await createFixture();
    const res = await fx.app.request(`http://chat.lan.example:3000/widget?website_token=${fx.config.websiteToken}`);
    expect(res.headers.get('content-security-policy')).toContain(
      "connect-src 'self' ws://chat.lan.example:3000 wss://chat.lan.example:3000",
    );
  });
});
