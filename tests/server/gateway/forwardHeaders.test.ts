import { describe, expect, it } from 'vitest';
import { callOriginOf, upstreamRequestHeaders, visitorResponseHeaders } from '../../../server/gateway/forwardHeaders';

const from = { address: '203.0.113.7', host: 'chat.shop.example', proto: 'https' as const };

describe('the headers of a call to Chatwoot', () => {
  const browser = new Headers({
    'x-auth-token': 'a.b.c',
    'content-type': 'application/json',
    accept: 'application/json',
    'accept-language': 'de-DE',
    'user-agent': 'Mozilla/5.0',
    cookie: 'shop_session=secret; cw_conversation=a.b.c',
    authorization: 'Bearer shop',
    origin: 'https://chat.shop.example',
    referer: 'https://chat.shop.example/widget?website_token=t&cw_conversation=a.b.c',
    host: 'chat.shop.example',
  });

  it('keep the visitor token, the body type and the language the widget API reads', () => {
    const headers = upstreamRequestHeaders(browser, from);
    expect(headers.get('x-auth-token')).toBe('a.b.c');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('de-DE');
    expect(headers.get('user-agent')).toBe('Mozilla/5.0');
  });

  it('never carry cookies, credentials, the origin or the widget page address (its query may hold a token)', () => {
    const headers = upstreamRequestHeaders(browser, from);
    for (const name of ['cookie', 'authorization', 'origin', 'referer', 'host']) expect(headers.has(name), name).toBe(false);
  });

  it('name the visitor in X-Forwarded-For, after any proxy already in front of the gateway', () => {
    expect(upstreamRequestHeaders(browser, from).get('x-forwarded-for')).toBe('203.0.113.7');
    const behindProxy = new Headers({ 'x-forwarded-for': '198.51.100.1' });
    expect(upstreamRequestHeaders(behindProxy, { ...from, address: '10.0.0.2' }).get('x-forwarded-for')).toBe('198.51.100.1, 10.0.0.2');
  });

  it("name the gateway's public host and scheme from PUBLIC_URL, never the visitor's Host", () => {
    const withPublicUrl = callOriginOf('203.0.113.7', 'https://chat.shop.example', false);
    const headers = upstreamRequestHeaders(new Headers({ host: 'evil.example', 'x-forwarded-host': 'evil.example' }), withPublicUrl);
    expect(headers.get('x-forwarded-host')).toBe('chat.shop.example');
    expect(headers.get('x-forwarded-proto')).toBe('https');
    const without = upstreamRequestHeaders(
      new Headers({ host: 'evil.example', 'x-forwarded-host': 'evil.example' }),
      callOriginOf('203.0.113.7', undefined, false),
    );
    expect(without.has('x-forwarded-host')).toBe(false);
    expect(without.get('x-forwarded-proto')).toBe('http');
  });
});

describe("the headers of Chatwoot's answer", () => {
  it("drop Chatwoot's session cookie and hop-by-hop headers, keep the rest", () => {
    const headers = visitorResponseHeaders(
      new Headers({
        'set-cookie': '_chatwoot_session=x; path=/',
        connection: 'keep-alive',
        'content-type': 'application/json',
        etag: 'W/"1"',
      }),
      'https://chatwoot.example',
    );
    expect(headers.has('set-cookie')).toBe(false);
    expect(headers.has('connection')).toBe(false);
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('etag')).toBe('W/"1"');
  });

  it("keep a redirect to Chatwoot's own help centre on the gateway", () => {
    const moved = visitorResponseHeaders(new Headers({ location: 'https://chatwoot.example/hc/docs/en' }), 'https://chatwoot.example');
    expect(moved.get('location')).toBe('/hc/docs/en');
    const elsewhere = visitorResponseHeaders(new Headers({ location: 'https://docs.example/' }), 'https://chatwoot.example');
    expect(elsewhere.get('location')).toBe('https://docs.example/');
  });
});
