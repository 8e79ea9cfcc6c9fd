import { createFixture, type Fixture } from './helpers';

// The public help centre (docs/protocol.md#help-centre): the popular-articles list the widget
// fetches, and the article page its viewer frames.

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
  await fx.agent('/portals', {
    method: 'POST',
    body: { portal: { name: 'Acme Help', slug: 'acme', config: { allowed_locales: ['en', 'de', 'ar'], default_locale: 'en' } } },
  });
});
afterEach(() => fx.close());

async function article(fields: Record<string, unknown>): Promise<{ id: number; slug: string }> {
  const res = await fx.agent('/portals/acme/articles', {
    method: 'POST',
    body: { article: { content: 'Text', status: 'published', ...fields } },
  });
  if (res.status !== 200) throw new Error(`article: ${res.status} ${await res.text()}`);
  return (await res.json()).payload;
}

const list = async (query: string, locale = 'en') => {
  const res = await fx.request(`/hc/acme/${locale}/articles.json${query}`);
  return { status: res.status, headers: res.headers, body: await res.json() };
};
const titles = (body: { payload: { title: string }[] }) => body.payload.map((a) => a.title);
const view = (slug: string, times = 1) => Promise.all(Array.from({ length: times }, () => fx.request(`/hc/acme/articles/${slug}`)));

describe('GET /hc/{portal}/{locale}/articles.json', () => {
  it("answers published articles in Chatwoot's shape, the link without a leading slash", async () => {
    await article({ title: 'Getting started', description: 'The basics', content: '# Hi' });
    const { status, body, headers } = await list('?page=1&sort=views&status=1');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body).toEqual({
      payload: [
        {
          id: expect.any(Number),
          category_id: null,
          title: 'Getting started',
          content: '# Hi',
          description: 'The basics',
          status: 'published',
          position: 1,
          account_id: 1,
          last_updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          slug: 'getting-started',
          portal: {
            custom_domain: null,
            header_text: null,
            homepage_link: null,
            name: 'Acme Help',
            page_title: null,
            slug: 'acme',
            categories: [],
            meta: { articles_count: 1, categories_count: 0, default_locale: 'en' },
          },
          views: 0,
          author: { available_name: expect.any(String), name: expect.any(String), thumbnail: expect.any(String) },
          associated_articles: [],
          link: 'hc/acme/articles/getting-started',
        },
      ],
      meta: { articles_count: 1 },
    });
  });

  it('lists only published articles of the path locale: never drafts or archived ones', async () => {
    await article({ title: 'Published' });
    await article({ title: 'Draft', status: 'draft' });
    await article({ title: 'Archived', status: 'archived' });
    await article({ title: 'Veröffentlicht', locale: 'de' });
    expect(titles((await list('?status=1')).body)).toEqual(['Published']);
    expect(titles((await list('')).body)).toEqual(['Published']);
    expect(titles((await list('?status=1', 'de')).body)).toEqual(['Veröffentlicht']);
    // Asking for drafts or archived articles finds nothing public.
    for (const status of ['0', '2', 'draft', 'archived'])
      expect((await list(`?status=${status}`)).body).toEqual({ payload: [], meta: { articles_count: 0 } });
    expect((await list('?status=secret')).status).toBe(422);
  });

  it('sorts by views with sort=views, most viewed first, otherwise by position', async () => {
    const a = await article({ title: 'A' });
    const b = await article({ title: 'B' });
    const c = await article({ title: 'C' });
    await view(b.slug, 3);
    await view(c.slug, 1);
    expect(titles((await list('?page=1&sort=views&status=1')).body)).toEqual(['B', 'C', 'A']);
    expect(titles((await list('?page=1&status=1')).body)).toEqual(['A', 'B', 'C']);
    const viewed = (await list('?sort=views')).body.payload.map((x: { views: number }) => x.views);
    expect(viewed).toEqual([3, 1, 0]);
    expect(a.slug).toBe('a');
  });

  it('pages with per_page (1 to 100, 25 when absent or below 1), counting every match', async () => {
    for (let i = 1; i <= 30; i++) await article({ title: `Article ${String(i).padStart(2, '0')}` });
    const first = (await list('?page=1&per_page=6')).body;
    expect(titles(first)).toEqual(['Article 01', 'Article 02', 'Article 03', 'Article 04', 'Article 05', 'Article 06']);
    expect(first.meta).toEqual({ articles_count: 30 });
    expect(titles((await list('?page=2&per_page=6')).body)[0]).toBe('Article 07');
    expect(titles((await list('?page=6&per_page=6')).body)).toEqual([]);
    expect((await list('?page=1')).body.payload).toHaveLength(25);
    expect((await list('?page=2')).body.payload).toHaveLength(5);
    expect((await list('?per_page=0')).body.payload).toHaveLength(25);
    expect((await list('?per_page=1000')).body.payload).toHaveLength(30);
    expect((await list('?page=0&per_page=6')).body.payload[0].title).toBe('Article 01');
    expect((await list('?page=abc')).status).toBe(422);
    expect((await list('?per_page=-1')).status).toBe(422);
  });

  it('searches title, description and content with query, case-insensitively and literally', async () => {
    await article({ title: 'Billing', content: 'Invoices are sent monthly' });
    await article({ title: 'Shipping', description: 'Track your PARCEL' });
    await article({ title: '100% refunds', content: 'x' });
    expect(titles((await list('?query=invoices')).body)).toEqual(['Billing']);
    expect(titles((await list('?query=parcel')).body)).toEqual(['Shipping']);
    expect(titles((await list(`?query=${encodeURIComponent('100%')}`)).body)).toEqual(['100% refunds']);
    expect(titles((await list(`?query=${encodeURIComponent('_')}`)).body)).toEqual([]);
    expect((await list(`?query=${'a'.repeat(201)}`)).status).toBe(422);
  });

  it('answers 404 for an unknown or archived portal, and nothing for a locale the portal lacks', async () => {
    await article({ title: 'A' });
    const missing = await fx.request('/hc/nope/en/articles.json');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Resource could not be found' });
    expect((await list('', 'fr')).body).toEqual({ payload: [], meta: { articles_count: 0 } });
    expect((await fx.request('/hc/acme/%3Cscript%3E/articles.json')).status).toBe(404);
    await fx.agent('/portals/acme', { method: 'PATCH', body: { archived: true } });
    expect((await list('')).status).toBe(404);
  });

  it('may be kept by a browser or CDN for a minute: it is the same for every visitor', async () => {
    expect((await list('')).headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('GET /hc/{portal}/articles/{slug}', () => {
  it('renders the article as HTML: title, headings, images and tables, in the plain layout for the widget', async () => {
    const { slug } = await article({
      title: 'Sizes & fits',
      content: [
        '## Size chart',
        '',
        '![Size chart](https://cdn.example/sizes.png)',
        '',
        '| Size | Chest |',
        '| --- | ---: |',
        '| S | 90 cm |',
        '| M | 100 cm |',
        '',
        'See [our guide](https://acme.example/guide).',
      ].join('\n'),
    });
    const res = await fx.request(`/hc/acme/articles/${slug}?show_plain_layout=true&theme=dark&locale=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="en" dir="ltr" class="plain dark">');
    expect(html).toContain('<title>Sizes &amp; fits | Acme Help</title>');
    expect(html).toContain('<h1>Sizes &amp; fits</h1>');
    expect(html).toContain('<h2>Size chart</h2>');
    expect(html).toContain('<img loading="lazy" src="https://cdn.example/sizes.png" alt="Size chart">');
    expect(html).toContain('<table><thead><tr><th>Size</th><th align="right">Chest</th></tr></thead><tbody><tr><td>S</td>');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer" href="https://acme.example/guide">our guide</a>');
    // The plain layout has no portal header.
    expect(html).not.toContain('class="top"');
  });

  it('loads a relative image from this server, as the widget does, and sizes it by cw_image_height', async () => {
    const { slug } = await article({
      title: 'Pictures',
      content: [
        '<!--cw-colwidths:120,200-->',
        '| A | B |',
        '| --- | --- |',
        '| 1 | 2 |',
        '',
        '![Logo](logo.png?cw_image_height=24px) ![Shot](/uploads/a.png)',
      ].join('\n'),
    });
    const html = await (await fx.request(`/hc/acme/articles/${slug}`)).text();
    // From the server's root, as the widget's page (`/widget`) loads it, not from under `/hc/acme/articles/`.
    expect(html).toContain('<img loading="lazy" src="/logo.png?cw_image_height=24px" alt="Logo" height="24">');
    expect(html).toContain('<img loading="lazy" src="/uploads/a.png" alt="Shot">');
    expect(html).not.toContain('cw-colwidths');
  });

  it('is found by slug or by id, and only while published', async () => {
    const { id, slug } = await article({ title: 'Findable' });
    expect((await fx.request(`/hc/acme/articles/${slug}`)).status).toBe(200);
    expect((await fx.request(`/hc/acme/articles/${id}`)).status).toBe(200);
    expect((await fx.request('/hc/acme/articles/nope')).status).toBe(404);
    expect((await fx.request(`/hc/other/articles/${slug}`)).status).toBe(404);
    await fx.agent(`/portals/acme/articles/${id}`, { method: 'PATCH', body: { status: 'draft' } });
    const draft = await fx.request(`/hc/acme/articles/${slug}`);
    expect(draft.status).toBe(404);
    expect(await draft.json()).toEqual({ error: 'Resource could not be found' });
  });

  it('counts a view on every GET (not HEAD) and is never cached', async () => {
    const { id, slug } = await article({ title: 'Counted' });
    const responses = await view(slug, 4);
    expect(responses.every((r) => r.headers.get('cache-control') === 'no-store')).toBe(true);
    await fx.request(`/hc/acme/articles/${slug}`, { method: 'HEAD' });
    const { payload } = await (await fx.agent(`/portals/acme/articles/${id}`)).json();
    expect(payload.views).toBe(4);
  });

  it('is served under a strict CSP: no script, inline style by hash only, framed (by the widget, in any page) only in the plain layout', async () => {
    const { slug } = await article({ title: 'Safe' });
    const plain = await fx.request(`/hc/acme/articles/${slug}?show_plain_layout=true`);
    const csp = plain.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; img-src https: http: data:; base-uri 'none'; form-action 'none'; frame-ancestors \*$/,
    );
    expect(csp).not.toMatch(/script-src|unsafe-inline|unsafe-eval/);
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff');

    // The hash is the page's own stylesheet.
    const html = await plain.text();
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1];
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script|style="/);

    const full = await fx.request(`/hc/acme/articles/${slug}`);
    expect(full.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await full.text()).toContain('<header class="top"><a href="/hc/acme/en">Acme Help</a></header>');
  });

  it('cannot be made to run script by hostile markdown', async () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[click](JaVaScRiPt:alert(1))',
      '[click](java\tscript:alert(1))',
      '![x](javascript:alert(1))',
      '![x](data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+)',
      '![x"onerror="alert(1)](https://cdn.example/a.png)',
      '[x](https://a.example/"onmouseover="alert(1))',
      '<a href="javascript:alert(1)">x</a>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload=alert(1)>',
      '<style>body{display:none}</style>',
      '| <b onclick=alert(1)>cell</b> | x |\n| --- | --- |\n| <script>y</script> | z |',
      '```\n</code></pre><script>alert(1)</script>\n```',
      '# <img src=x onerror=alert(1)>',
      '<!--cw-colwidths:1,2--><script>alert(2)</script>',
    ].join('\n\n');
    const { slug } = await article({
      title: '<script>alert("title")</script>',
      content: hostile,
      description: '"><script>alert(3)</script>',
    });
    const html = await (await fx.request(`/hc/acme/articles/${slug}?show_plain_layout=true`)).text();
    const body = html.slice(html.indexOf('<body>'));

    expect(html).not.toMatch(/<script|<iframe|<svg|<style>body/i);
    // Every URL the page loads or links to is a web one (hostile ones stay as text).
    const urls = [...body.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((url) => !/^https?:\/\//.test(url))).toEqual([]);
    // No attribute outside the renderer's own: nothing starting with "on", no style.
    expect(body).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(body).not.toMatch(/<[a-z][^>]*\sstyle\s*=/i);
    const tags = new Set([...body.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1].toLowerCase()));
    const allowed = [
      'body',
      'main',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'article',
      'p',
      'br',
      'a',
      'img',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ];
    expect(
      [...tags].filter((tag) => ![...allowed, 'pre', 'code', 'ul', 'ol', 'li', 'blockquote', 'strong', 'em', 'del', 'hr'].includes(tag)),
    ).toEqual([]);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; | Acme Help</title>');
  });

  it('reads right to left for a right-to-left locale, and follows the system theme without one', async () => {
    const { slug } = await article({ title: 'مرحبا', locale: 'ar' });
    const html = await (await fx.request(`/hc/acme/articles/${encodeURIComponent(slug)}`)).text();
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('@media (prefers-color-scheme:dark)');
  });
});

describe('the portal home', () => {
  it("lists the locale's published articles by position, links staying in the plain layout", async () => {
    await article({ title: 'First', description: 'Start here' });
    await article({ title: 'Second' });
    await article({ title: 'Hidden', status: 'draft' });
    await fx.agent('/portals/acme', { method: 'PATCH', body: { header_text: 'How can we help?' } });
    const res = await fx.request('/hc/acme/en?show_plain_layout=true&theme=light&locale=en');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const html = await res.text();
    expect(html).toContain('<h1>Acme Help</h1>');
    expect(html).toContain('<p class="lead">How can we help?</p>');
    expect(html).toContain(
      '<li><a href="/hc/acme/articles/first?show_plain_layout=true&amp;theme=light&amp;locale=en">First</a><p>Start here</p></li>',
    );
    expect(html).toContain('>Second</a>');
    expect(html).not.toContain('Hidden');
  });

  it('redirects /hc/{portal} to the default locale, and 404s a locale the portal lacks', async () => {
    const res = await fx.request('/hc/acme?show_plain_layout=true');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/hc/acme/en?show_plain_layout=true');
    expect((await fx.request('/hc/acme/fr')).status).toBe(404);
    expect((await fx.request('/hc/nope/en')).status).toBe(404);
  });
});
