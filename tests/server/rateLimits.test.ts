import { RATE_LIMITS, RateLimits, type RateLimitName } from '../../server/limits/rateLimits';
import { ConfigError, loadConfig } from '../../server/config';
import { createFixture, sendMessage, type Fixture, type Visitor } from './helpers';

let fx: Fixture;
afterEach(() => fx?.close());

/**
 * Every limit at 2 per minute (but new visitors, which `fx.visit()` mints), behind a proxy that
 * names the client in X-Forwarded-For.
 */
async function tightFixture(extra: Record<string, string> = {}) {
  const env: Record<string, string> = { TRUST_PROXY: 'X-Forwarded-For', RATE_LIMIT_NEW_VISITORS_PER_ADDRESS: 'off', ...extra };
  for (const { env: name } of Object.values(RATE_LIMITS)) env[name] ??= '2/60';
  fx = await createFixture({ env });
  return fx;
}

const from = (address: string) => ({ 'X-Forwarded-For': `10.9.9.9, ${address}` });

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect((await res.json()).error).toMatch(/^Too many requests; try again in \d+ seconds$/);
}

const upload = (visitor: Visitor, address: string) => {
  const body = new FormData();
  body.append('message[attachments][]', new File(['hello'], 'note.txt', { type: 'text/plain' }));
  return fx.widget('/messages', visitor, { method: 'POST', body, headers: from(address) });
};

/** One write of each limited kind, by `visitor` from `address`. */
const WRITES: [string, RateLimitName, RateLimitName, (visitor: Visitor, address: string) => Promise<Response>][] = [
  [
    'conversation creation',
    'conversationsPerVisitor',
    'conversationsPerAddress',
    (visitor, address) =>
      fx.widget('/conversations', visitor, { method: 'POST', body: { message: { content: 'hi' } }, headers: from(address) }),
  ],
  [
    'events',
    'eventsPerVisitor',
    'eventsPerAddress',
    (visitor, address) => fx.widget('/events', visitor, { method: 'POST', body: { name: 'page.viewed' }, headers: from(address) }),
  ],
  [
    'contact updates',
    'contactUpdatesPerVisitor',
    'contactUpdatesPerAddress',
    (visitor, address) => fx.widget('/contact', visitor, { method: 'PATCH', body: { name: 'Ann' }, headers: from(address) }),
  ],
  [
    'set_user',
    'contactUpdatesPerVisitor',
    'contactUpdatesPerAddress',
    (visitor, address) =>
      fx.widget('/contact/set_user', visitor, { method: 'PATCH', body: { identifier: 'x', name: 'Ann' }, headers: from(address) }),
  ],
  ['uploads', 'uploadsPerVisitor', 'uploadsPerAddress', upload],
  [
    'transcripts',
    'transcriptsPerVisitor',
    'transcriptsPerAddress',
    (visitor, address) =>
      fx.widget('/conversations/transcript', visitor, {
        method: 'POST',
        body: { email: `${address}@example.com` },
        headers: from(address),
      }),
  ],
];

describe('rate limits on visitor writes', () => {
  it.each(WRITES)('%s: 429 with Retry-After per visitor, then per address, counted', async (_, perVisitor, perAddress, write) => {
    await tightFixture();
    const visitor = await fx.visit();
    await sendMessage(fx, visitor, 'a conversation to mail');
    expect((await write(visitor, '203.0.113.1')).status).toBeLessThan(300);
    expect((await write(visitor, '203.0.113.2')).status).toBeLessThan(300);
    await expectLimited(await write(visitor, '203.0.113.3'));
    expect(fx.limits.rejections.get(perVisitor)).toBe(1);

    // Other visitors behind one address share its (separate) limit.
    const others = [await fx.visit(), await fx.visit(), await fx.visit()];
    for (const other of others) await sendMessage(fx, other, 'hello');
    expect((await write(others[0], '198.51.100.7')).status).toBeLessThan(300);
    expect((await write(others[1], '198.51.100.7')).status).toBeLessThan(300);
    await expectLimited(await write(others[2], '198.51.100.7'));
    expect(fx.limits.rejections.get(perAddress)).toBe(1);
  });

  it('limits transcripts per recipient, whoever asks', async () => {
    await tightFixture({ RATE_LIMIT_TRANSCRIPTS_PER_RECIPIENT: '1/3600' });
    const [first, second] = [await fx.visit(), await fx.visit()];
    await sendMessage(fx, first, 'one');
    await sendMessage(fx, second, 'two');
    const mail = (visitor: Visitor, address: string) =>
      fx.widget('/conversations/transcript', visitor, { method: 'POST', body: { email: 'Victim@example.com' }, headers: from(address) });
    expect((await mail(first, '203.0.113.1')).status).toBe(200);
    await expectLimited(await mail(second, '203.0.113.2'));
    expect(fx.mails).toHaveLength(1);
  });

  it('limits new visitors minted by /widget per client address, not resumed ones, and minting stores nothing', async () => {
    await tightFixture({ RATE_LIMIT_NEW_VISITORS_PER_ADDRESS: '2/60' });
    const page = (address: string, token?: string) =>
      fx.request(`/widget?website_token=${fx.config.websiteToken}${token ? `&cw_conversation=${token}` : ''}`, { headers: from(address) });
    expect((await page('203.0.113.1')).status).toBe(200);
    expect((await page('203.0.113.1')).status).toBe(200);
    await expectLimited(await page('203.0.113.1'));
    expect((await page('203.0.113.2')).status).toBe(200);
    const visitor = await fx.visit();
    expect((await page('203.0.113.1', visitor.authToken)).status).toBe(200);
    expect(
      await fx.db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 0 });
  });

  it('counts visitors minted by POST /config against the same limit as /widget', async () => {
    await tightFixture({ RATE_LIMIT_NEW_VISITORS_PER_ADDRESS: '2/60' });
    const config = (address: string, token?: string) =>
      fx.widget('/config', token ?? null, { method: 'POST', body: {}, headers: from(address) });
    expect((await fx.request(`/widget?website_token=${fx.config.websiteToken}`, { headers: from('203.0.113.1') })).status).toBe(200);
    const minted = await config('203.0.113.1');
    expect(minted.status).toBe(200);
    await expectLimited(await config('203.0.113.1'));
    await expectLimited(await fx.request(`/widget?website_token=${fx.config.websiteToken}`, { headers: from('203.0.113.1') }));
    // A visitor who already has a token is resumed, not minted, and is never limited.
    const { website_channel_config: channel } = (await minted.json()) as { website_channel_config: { auth_token: string } };
    expect((await config('203.0.113.1', channel.auth_token)).status).toBe(200);
    expect((await config('203.0.113.2')).status).toBe(200);
  });

  it('can switch a limit off', async () => {
    await tightFixture({ RATE_LIMIT_EVENTS_PER_VISITOR: 'off', RATE_LIMIT_EVENTS_PER_ADDRESS: 'off' });
    const visitor = await fx.visit();
    for (let i = 0; i < 10; i++) {
      expect((await fx.widget('/events', visitor, { method: 'POST', body: { name: 'page.viewed' } })).status).toBe(204);
    }
  });

  it('lets a busy honest visitor through with the defaults', async () => {
    fx = await createFixture();
    const visitor = await fx.visit();
    for (let i = 0; i < 20; i++) {
      expect((await fx.widget('/events', visitor, { method: 'POST', body: { name: 'page.viewed' } })).status).toBe(204);
    }
    for (let i = 0; i < 40; i++) await fx.visit();
  });
});

describe('RateLimits', () => {
  it('refuses cable subscriptions beyond the per-address limit', async () => {
    const limits = new RateLimits({ ...loadConfig({ RATE_LIMIT_CABLE_SUBSCRIPTIONS_PER_ADDRESS: '2/60' }).rateLimits });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limits.allows('cableSubscriptionsPerAddress', '203.0.113.1'));
    expect(answers).toEqual([true, true, false]);
    expect(await limits.allows('cableSubscriptionsPerAddress', '203.0.113.2')).toBe(true);
    expect(limits.rejections.get('cableSubscriptionsPerAddress')).toBe(1);
  });
});

describe('rate limit configuration', () => {
  it('reads <requests>/<seconds> and off for every limit', () => {
    const config = loadConfig({
      RATE_LIMIT_UPLOADS_PER_VISITOR: '7/30',
      RATE_LIMIT_EVENTS_PER_ADDRESS: 'off',
      TRUST_PROXY: 'CF-Connecting-IP',
    });
    expect(config.rateLimits.uploadsPerVisitor).toEqual({ points: 7, durationS: 30 });
    expect(config.rateLimits.eventsPerAddress).toBeNull();
    expect(config.rateLimits.transcriptsPerRecipient).toEqual({ points: 5, durationS: 3600 });
    expect(config.trustProxy).toBe('CF-Connecting-IP');
  });

  it.each([
    [{ RATE_LIMIT_EVENTS_PER_VISITOR: '60' }, /RATE_LIMIT_EVENTS_PER_VISITOR must be <requests>\/<seconds>/],
    [{ RATE_LIMIT_EVENTS_PER_VISITOR: '0/60' }, /RATE_LIMIT_EVENTS_PER_VISITOR/],
    [{ RATE_LIMIT_EVENTS_PER_VISITOR: 'no' }, /or off/],
    [{ TRUST_PROXY: 'X-Forwarded-For: 1' }, /TRUST_PROXY must be true, false or a header name/],
  ])('rejects %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
