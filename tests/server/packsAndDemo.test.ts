import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { packCacheControl, preferredEncodings, resolvePackPath } from '../../server/routes/packs';
import { createFixture, STYLESHEET, WIDGET_JS, type Fixture } from './helpers';

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

describe('/packs/*', () => {
  it("serves the widget's hashed files as immutable, with their type and only the headers a browser or cache uses", async () => {
    const js = await fx.request(`/packs/${WIDGET_JS}`, { headers: { Origin: 'https://shop.example' } });
    expect(js.status).toBe(200);
    expect(await js.text()).toBe('export {};\n');
    expect(Object.fromEntries(js.headers)).toEqual({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': '11',
      'content-type': 'text/javascript; charset=utf-8',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    const css = await fx.request(`/packs/${STYLESHEET}`);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('last-modified')).toBeNull();
  });

  it.each([
    'js/sdk-runtime-QEK3PPTR.js',
    'js/sdk-campaigns-J7CVEJ25.js',
    'js/launcher/fr-UUSFZFN2.js',
    'js/sdk-notice-K4WQ2ZTA.js',
    'js/notice/ar-9QX1MLKE.js',
  ])('lets host pages import the loader’s %s cross-origin, as module scripts need', async (path) => {
    mkdirSync(join(fx.packsDir, dirname(path)), { recursive: true });
    writeFileSync(join(fx.packsDir, path), 'export {};\n');
    const res = await fx.request(`/packs/${path}`, { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('last-modified')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeNull();
  });

  it('says why a missing loader file failed: its 404 is readable cross-origin, a widget file’s is not', async () => {
    const runtime = await fx.request('/packs/js/sdk-runtime-GONE1234.js', { headers: { Origin: 'https://shop.example' } });
    expect(runtime.status).toBe(404);
    expect(runtime.headers.get('access-control-allow-origin')).toBe('*');
    const chunk = await fx.request('/packs/js/widget-GONE1234/Messages.js');
    expect(chunk.status).toBe(404);
    expect(chunk.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves sdk.js, whose name never changes, with a validator its revalidation may answer 304 to', async () => {
    const res = await fx.request('/packs/js/sdk.js', { headers: { Origin: 'https://shop.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-request-id')).toBeNull();
    const modified = res.headers.get('last-modified') ?? '';
    expect(Date.parse(modified)).not.toBeNaN();

    const unchanged = await fx.request('/packs/js/sdk.js', { headers: { 'If-Modified-Since': modified, 'Accept-Encoding': 'br' } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('cache-control')).toBe('public, max-age=300');
    expect(unchanged.headers.get('last-modified')).toBe(modified);

    const older = new Date(Date.parse(modified) - 1000).toUTCString();
    for (const since of [older, 'not a date']) {
      const changed = await fx.request('/packs/js/sdk.js', { headers: { 'If-Modified-Since': since } });
      expect(changed.status, since).toBe(200);
      expect(await changed.text()).toContain('chatwootSDK');
    }
  });

  it.each([
    ['js/widget-A4205C96/Messages.js', 'public, max-age=31536000, immutable'],
    ['js/widget-A4205C96/Messages.js.br', 'public, max-age=31536000, immutable'],
    ['js/sdk-runtime-QEK3PPTR.js', 'public, max-age=31536000, immutable'],
    ['js/chunks/Messages.js', 'no-cache'],
    ['js/widget/Messages.js', 'no-cache'],
  ])("caches %s by its own or its build folder's hash: %s", (path, cacheControl) => {
    expect(packCacheControl(path)).toBe(cacheControl);
  });

  it("sends the build's brotli or gzip copy to browsers that accept it, and the plain file otherwise", async () => {
    const source = 'window.chatwootSDK={run:function(){}};\n';
    writeFileSync(join(fx.packsDir, 'js/sdk.js.br'), brotliCompressSync(source));
    writeFileSync(join(fx.packsDir, 'js/sdk.js.gz'), gzipSync(source));
    const br = await fx.request('/packs/js/sdk.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(source);
    const gz = await fx.request('/packs/js/sdk.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fx.request('/packs/js/sdk.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(source);
    // A file the build did not compress is sent as it is, whatever the browser accepts.
    const css = await fx.request(`/packs/${STYLESHEET}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(css.headers.get('content-encoding')).toBeNull();
  });

  it.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br;q=1.0, gzip;q=0.8', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['identity', []],
    [undefined, []],
  ])('reads Accept-Encoding %s as %j', (header, expected) => {
    expect(preferredEncodings(header)).toEqual(expected);
  });

  it('answers 404 for missing files, directories, unknown types and traversal attempts', async () => {
    writeFileSync(join(fx.packsDir, '..', 'wren-secret.js'), 'secret');
    mkdirSync(join(fx.packsDir, 'dir.js'));
    for (const path of [
      '/packs/js/nope.js',
      '/packs/js',
      '/packs/dir.js',
      '/packs/../wren-secret.js',
      '/packs/%2e%2e/wren-secret.js',
      '/packs/js/%2e%2e/%2e%2e/wren-secret.js',
      '/packs/..%2fwren-secret.js',
      '/packs/js%5c..%5c..%5cwren-secret.js',
      '/packs/x.exe',
    ]) {
      const res = await fx.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('keeps resolved paths inside the packs folder', () => {
    expect(resolvePackPath('/srv/packs', 'js/a.js')).toBe('/srv/packs/js/a.js');
    expect(resolvePackPath('/srv/packs', '../etc/passwd')).toBeNull();
    expect(resolvePackPath('/srv/packs', '%2e%2e/x')).toBeNull();
    expect(resolvePackPath('/srv/packs', '/etc/passwd')).toBeNull();
    expect(resolvePackPath('/srv/packs', 'a\0.js')).toBeNull();
    expect(resolvePackPath('/srv/packs', '%E0%A4%A')).toBeNull();
  });
});

describe('demo page', () => {
  it('serves a page with a strict CSP that loads the snippet and stylesheet from /demo', async () => {
    const res = await fx.request('/');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('Wren demo — click the bubble');
    expect(html).toContain('<script src="/demo/snippet.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/demo/demo.css">');
    expect(html).not.toMatch(/<script>|<style>| style="/);
  });

  it('the snippet loads sdk.js from the request origin and runs it with the demo website token', async () => {
    const res = await fx.request('http://chat.example.test:8080/demo/snippet.js');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const js = await res.text();
    expect(js).toContain('var BASE_URL = "http://chat.example.test:8080";');
    expect(js).toContain('"/packs/js/sdk.js"');
    expect(js).toContain(`websiteToken: "${fx.config.websiteToken}"`);
    const css = await fx.request('/demo/demo.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
  });
});

describe('errors', () => {
  it('answers unknown routes with JSON 404', async () => {
    const res = await fx.request('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('never leaks internals on an unexpected failure', async () => {
    const broken = await createFixture();
    const visitor = await broken.visit();
    await broken.db.destroy();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await broken.widget('/contact', visitor);
    spy.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
    await broken.close();
  });
});
