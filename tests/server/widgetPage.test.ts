import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFixture, readBootConfig, WIDGET_JS, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('GET /widget', () => {
  it('answers 404 JSON for an unknown website token', async () => {
    const res = await fx.request('/widget?website_token=nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'web widget does not exist' });
  });

  it('preloads the chunks the widget entry imports, and nothing that is not a plain relative path', async () => {
    const imports = ['js/chunks/chunk-AAA.js', 'js/chunks/chunk-BBB.js', '../secret.js', '"><script>'];
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS, 'widget.imports': imports }));
    const html = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text();
    expect(html.match(/<link rel="modulepreload" href="[^"]*">/g)).toEqual([
      '<link rel="modulepreload" href="/packs/js/chunks/chunk-AAA.js">',
      '<link rel="modulepreload" href="/packs/js/chunks/chunk-BBB.js">',
    ]);
  });

  it("preloads the strings of the page's locale but English, a file the server serves", async () => {
    mkdirSync(join(fx.packsDir, 'js/locales'), { recursive: true });
    for (const file of ['de-7QX2K4AB.js', 'pt_BR-7QX2K4AB.js', 'notes.txt'])
      writeFileSync(join(fx.packsDir, 'js/locales', file), 'export default {};');
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS }));
    const preloads = async (locale: string) =>
      (await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&locale=${locale}`)).text()).match(
        /<link rel="modulepreload" href="[^"]*">/g,
      );
    expect(await preloads('de')).toEqual(['<link rel="modulepreload" href="/packs/js/locales/de-7QX2K4AB.js">']);
    expect(await preloads('pt-BR')).toEqual(['<link rel="modulepreload" href="/packs/js/locales/pt_BR-7QX2K4AB.js">']);
    // English's first-paint strings are in the first paint's script; the rest waits for a lazy part.
    expect(await preloads('en')).toBeNull();
    const served = await fx.request('/packs/js/locales/de-7QX2K4AB.js');
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('export default {};');
  });

  it('is compressed as the browser accepts, brotli first, and says it varies by Accept-Encoding', async () => {
    const url = `/widget?website_token=${fx.config.websiteToken}`;
    const plain = await fx.request(url);
    const html = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await fx.request(url, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.byteLength).toBeLessThan(Buffer.byteLength(html) / 2);
      // Another visitor's token and data: compare the shape, not the bytes.
      expect(Object.keys(readBootConfig(decode(body).toString()))).toEqual(Object.keys(readBootConfig(html)));
    }
  });

  it('renders the shell with the hashed assets and the boot config as a JSON data block', async () => {
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<html lang="en" dir="ltr">');
    // A popout's or web view's keyboard resizes the page, so the composer stays above it (docs/behaviour.md#phones).
    expect(html).toContain(
      '<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover,interactive-widget=resizes-content">',
    );
    // One request for the first paint: its stylesheet rides in its script (src/widget/boot/styles.ts).
    expect(html).toContain(`<script type="module" src="/packs/${WIDGET_JS}"></script>`);
    expect(html).not.toMatch(/rel="stylesheet"|<style/);
    expect(html).toContain('<div id="app"></div>');
    const boot = readBootConfig(html);
    expect(boot.chatwootWebChannel).toMatchObject({
      websiteToken: fx.config.websiteToken,
      websiteName: 'Wren demo',
      widgetColor: '#1f93ff',
      replyTime: 'in_a_few_minutes',
      enabledFeatures: ['attachments', 'emoji_picker', 'end_conversation'],
      workingHoursEnabled: false,
      locale: 'en',
      timezone: 'UTC',
      utcOffset: '+00:00',
      portal: null,
      allowMessagesAfterResolved: true,
      disableBranding: false,
    });
    expect(boot.chatwootWebChannel.workingHours).toHaveLength(7);
    expect(boot.chatwootWebChannel.enabledLanguages).toHaveLength(39);
    expect(boot.chatwootWebChannel.enabledLanguages).toContainEqual({ name: 'English (en)', iso_639_1_code: 'en' });
    expect(boot.globalConfig).toMatchObject({ BRAND_NAME: 'Wren', MAXIMUM_FILE_UPLOAD_SIZE: 40, DIRECT_UPLOADS_ENABLED: false });
    expect(boot.authToken.split('.')).toHaveLength(3);
    // Signed, so the cable accepts it before the visitor is stored: `<inbox>.<nonce>.<mac>`.
    expect(boot.chatwootPubsubToken).toMatch(/^1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
  });

  it('brands the page with the logo the build ships, in the page itself: the first open fetches no file for it', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>Wren</title><path d="M1 1h9v9H1z"/></svg>';
    mkdirSync(join(fx.packsDir, 'assets'));
    writeFileSync(join(fx.packsDir, 'assets/logo-0A1B2C3D.svg'), svg);
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS, 'logo.svg': 'assets/logo-0A1B2C3D.svg' }));
    const boot = readBootConfig(await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text());
    expect(boot.globalConfig).toMatchObject({
      BRAND_NAME: 'Wren',
      WIDGET_BRAND_URL: 'https://github.com/wren-chat/wren',
      INSTALLATION_NAME: 'Wren',
    });
    const logo = boot.globalConfig.LOGO_THUMBNAIL;
    expect(logo.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(logo.slice('data:image/svg+xml,'.length))).toBe(svg.replaceAll('"', "'"));
  });

  it('names no logo when the build has none, rather than one it cannot read', async () => {
    writeFileSync(join(fx.packsDir, 'manifest.json'), JSON.stringify({ 'widget.js': WIDGET_JS, 'logo.svg': 'assets/logo-0A1B2C3D.svg' }));
    const boot = readBootConfig(await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text());
    expect(boot.globalConfig.LOGO_THUMBNAIL).toBe('');
  });

  it("brands the widget with the installation's settings (BRAND_NAME, WIDGET_BRAND_URL, INSTALLATION_NAME, LOGO_THUMBNAIL)", async () => {
    const branded = await createFixture({
      env: {
        BRAND_NAME: 'Acme Chat',
        WIDGET_BRAND_URL: 'https://www.acme.example/chat',
        INSTALLATION_NAME: 'Acme Support',
        LOGO_THUMBNAIL: 'https://cdn.acme.example/logo.svg',
      },
    });
    try {
      const boot = readBootConfig(await (await branded.request(`/widget?website_token=${branded.config.websiteToken}`)).text());
      expect(boot.globalConfig).toEqual({
        LOGO_THUMBNAIL: 'https://cdn.acme.example/logo.svg',
        BRAND_NAME: 'Acme Chat',
        WIDGET_BRAND_URL: 'https://www.acme.example/chat',
        DIRECT_UPLOADS_ENABLED: false,
        MAXIMUM_FILE_UPLOAD_SIZE: 40,
        INSTALLATION_NAME: 'Acme Support',
      });
      // The JSON twin says the same (docs/protocol.md#config).
      const config = await (
        await branded.request(`/api/v1/widget/config?website_token=${branded.config.websiteToken}`, { method: 'POST' })
      ).json();
      expect(config.global_config).toEqual({
        LOGO_THUMBNAIL: 'https://cdn.acme.example/logo.svg',
        BRAND_NAME: 'Acme Chat',
        WIDGET_BRAND_URL: 'https://www.acme.example/chat',
        MAXIMUM_FILE_UPLOAD_SIZE: 40,
        INSTALLATION_NAME: 'Acme Support',
      });
    } finally {
      await branded.close();
    }
  });

  it('sends a strict CSP, no X-Frame-Options and no-store', async () => {
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("connect-src 'self' ws://localhost wss://localhost;");
    expect(csp).toContain('frame-ancestors *');
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("is the visitor's own answer: no validator or CORS, and its request id for support", async () => {
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}`, { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('last-modified')).toBeNull();
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('narrows connect-src to the public origin, widened only by CSP_CONNECT_SRC', async () => {
    const widened = await createFixture({
      env: { PUBLIC_URL: 'https://chat.example.com', CSP_CONNECT_SRC: 'https://api.example.com wss://rt.example.com' },
    });
    try {
      const res = await widened.request(`/widget?website_token=${widened.config.websiteToken}`);
      expect(res.headers.get('content-security-policy')).toContain(
        "connect-src 'self' ws://chat.example.com wss://chat.example.com https://api.example.com wss://rt.example.com;",
      );
    } finally {
      await widened.close();
    }
  });

  it('limits frame-ancestors to the allowed domains and drops values that would alter the policy', async () => {
    await fx.agent('/inboxes/1', {
      method: 'PATCH',
      body: { channel: { allowed_domains: 'https://shop.example.com, *.example.org, evil;script-src *' } },
    });
    const res = await fx.request(`/widget?website_token=${fx.config.websiteToken}`);
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'self' https:\/\/shop\.example\.com \*\.example\.org$/);
  });

  it('escapes </script>, <!-- and U+2028 inside the data block', async () => {
    const nasty = 'Shop </script><script>alert(1)</script> <!-- \u2028 & co';
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { name: nasty, welcome_title: nasty } });
    const html = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}`)).text();
    const block = html.slice(html.indexOf('id="wren-config">'), html.lastIndexOf('</script>'));
    expect(block).not.toContain('</script');
    expect(block).not.toContain('<!--');
    expect(block).not.toContain('\u2028');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(readBootConfig(html).chatwootWebChannel.welcomeTitle).toBe(nasty);
    expect(html).toContain('<title>Shop &lt;/script&gt;');
  });

  it('resumes the same contact for a valid cw_conversation token', async () => {
    const first = await fx.visit();
    const again = await fx.visit(first.authToken);
    expect(again.pubsubToken).toBe(first.pubsubToken);
  });

  it('treats an invalid cw_conversation token as absent and creates a new contact', async () => {
    const first = await fx.visit();
    // Change the signature's first character: its last ones carry padding bits, so replacing
    // them can leave the decoded signature as it was.
    const [header, payload, signature] = first.authToken.split('.');
    const tampered = `${header}.${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const other = await fx.visit(tampered);
    expect(other.pubsubToken).not.toBe(first.pubsubToken);
  });

  it('sets lang and dir from a known locale and falls back for an unknown one', async () => {
    const ar = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&locale=ar`)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    const br = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&locale=pt_BR`)).text();
    expect(br).toContain('<html lang="pt-BR" dir="ltr">');
    const odd = await (await fx.request(`/widget?website_token=${fx.config.websiteToken}&locale="><x>`)).text();
    expect(odd).toContain('<html lang="en" dir="ltr">');
  });
});

describe('GET /widget without built assets', () => {
  it('answers 503 with a hint to build', async () => {
    const bare = await createFixture({ withPacks: false });
    const res = await bare.request(`/widget?website_token=${bare.config.websiteToken}`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'widget assets are not built; run npm run build' });
    await bare.close();
  });
});
