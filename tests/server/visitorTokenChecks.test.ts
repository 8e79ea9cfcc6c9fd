// A visitor's token is checked once, then known until it expires (server/auth/widgetToken.ts):
// its widget sends the same token with every call.
import * as jwt from 'hono/jwt';
import { signWidgetToken, verifyWidgetToken, WIDGET_TOKEN_TTL_S } from '../../server/auth/widgetToken';

vi.mock('hono/jwt', async (importOriginal) => {
  const actual = await importOriginal<typeof import('hono/jwt')>();
  return { ...actual, verify: vi.fn(actual.verify) };
});

const SECRET = 'a-secret-key-base-for-this-test';
const nowS = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  vi.mocked(jwt.verify).mockClear();
});
afterEach(() => vi.useRealTimers());

describe("a visitor's token", () => {
  it('has its signature checked at its first call only', async () => {
    const token = await signWidgetToken(SECRET, { source_id: 'visitor-once', inbox_id: 1, pubsub_token: 'pubsub-once' });
    const claims = { source_id: 'visitor-once', inbox_id: 1, pubsub_token: 'pubsub-once' };
    expect(await verifyWidgetToken(SECRET, token)).toEqual(claims);
    const second = await verifyWidgetToken(SECRET, token);
    expect(second).toEqual(claims);
    expect(jwt.verify).toHaveBeenCalledTimes(1);
    // What a caller is given is its own: changing it changes nothing kept.
    if (second) second.inbox_id = 2;
    expect(await verifyWidgetToken(SECRET, token)).toEqual(claims);
  });

  it('is refused once it has expired, though it was known', async () => {
    vi.useFakeTimers({ now: Date.now() });
    const token = await signWidgetToken(SECRET, { source_id: 'visitor-expiring', inbox_id: 1 }, nowS() - WIDGET_TOKEN_TTL_S + 10);
    expect(await verifyWidgetToken(SECRET, token)).toEqual({ source_id: 'visitor-expiring', inbox_id: 1 });
    vi.setSystemTime(Date.now() + 9_000);
    expect(await verifyWidgetToken(SECRET, token)).toEqual({ source_id: 'visitor-expiring', inbox_id: 1 });
    vi.setSystemTime(Date.now() + 1_000);
    expect(await verifyWidgetToken(SECRET, token)).toBeNull();
  });

  it('is known only for the secret that signed it', async () => {
    const token = await signWidgetToken(SECRET, { source_id: 'visitor-secret', inbox_id: 1 });
    expect(await verifyWidgetToken(SECRET, token)).not.toBeNull();
    expect(await verifyWidgetToken('another-secret-key-base', token)).toBeNull();
    expect(jwt.verify).toHaveBeenCalledTimes(2);
  });

  it('is checked at every call while it is not valid: a forged one is never kept', async () => {
    const [header, payload] = (await signWidgetToken(SECRET, { source_id: 'visitor-forged', inbox_id: 1 })).split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect(await verifyWidgetToken(SECRET, forged)).toBeNull();
    expect(await verifyWidgetToken(SECRET, forged)).toBeNull();
    expect(jwt.verify).toHaveBeenCalledTimes(2);
  });
});
