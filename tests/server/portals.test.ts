import { createPortal } from '../../server/repositories/portals';
import { addAccountUser, createUser } from '../../server/repositories/users';
import { createAccount } from '../../server/repositories/inboxes';
import { createFixture, type Fixture } from './helpers';

// The help centre in the Application API (docs/protocol.md#help-centre): portals and their
// articles, created, shown, listed and updated by an agent.

let fx: Fixture;
beforeEach(async () => {
  fx = await createFixture();
});
afterEach(() => fx.close());

const PORTAL = { name: 'Acme Help', slug: 'acme', color: '#ff5500', config: { allowed_locales: ['en', 'de'], default_locale: 'en' } };

const createPortalApi = (portal: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  fx.agent('/portals', { method: 'POST', body: { portal, ...extra } });
const createArticleApi = (article: Record<string, unknown>, slug = 'acme') =>
  fx.agent(`/portals/${slug}/articles`, { method: 'POST', body: { article } });
const updateArticleApi = (id: number, article: Record<string, unknown>, method = 'PATCH') =>
  fx.agent(`/portals/acme/articles/${id}`, { method, body: { article } });

describe('portals', () => {
  it("creates a portal in Chatwoot's shape", async () => {
    const res = await createPortalApi({ ...PORTAL, header_text: 'How can we help?', homepage_link: 'https://acme.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: expect.any(Number),
      name: 'Acme Help',
      slug: 'acme',
      color: '#ff5500',
      custom_domain: null,
      header_text: 'How can we help?',
      homepage_link: 'https://acme.example',
      archived: false,
      account_id: 1,
      config: {
        allowed_locales: [
          { code: 'en', articles_count: 0, categories_count: 0 },
          { code: 'de', articles_count: 0, categories_count: 0 },
        ],
        default_locale: 'en',
      },
      meta: { all_articles_count: 0, published_count: 0, draft_articles_count: 0, archived_articles_count: 0, default_locale: 'en' },
    });
  });

  it('takes flat fields too, and fills in the locales and colour Chatwoot would', async () => {
    const res = await fx.agent('/portals', { method: 'POST', body: { name: 'Docs', slug: 'docs' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      slug: 'docs',
      color: '#1f93ff',
      config: { allowed_locales: [{ code: 'en' }], default_locale: 'en' },
    });
    const onlyDefault = await (await createPortalApi({ name: 'Hilfe', slug: 'hilfe', config: { default_locale: 'de' } })).json();
    expect(onlyDefault.config).toMatchObject({ allowed_locales: [{ code: 'de' }], default_locale: 'de' });
    const onlyAllowed = await (
      await createPortalApi({ name: 'Ayuda', slug: 'ayuda', config: { allowed_locales: ['es', 'pt_BR'] } })
    ).json();
    expect(onlyAllowed.config).toMatchObject({ default_locale: 'es' });
  });

  it.each([
    [{ name: ' ' }, "Name can't be blank", 'name'],
    [{ slug: '' }, "Slug can't be blank", 'slug'],
    [{ slug: 'Has Spaces' }, 'Slug may contain only lowercase letters, digits, hyphens and underscores', 'slug'],
    [{ slug: '../etc' }, 'Slug may contain only lowercase letters, digits, hyphens and underscores', 'slug'],
    [{ color: 'red' }, 'Color must be a hex colour such as #1f93ff', 'color'],
    [{ homepage_link: 'javascript:alert(1)' }, 'Homepage link must start with http:// or https://', 'homepage_link'],
    [{ custom_domain: 'not a host' }, 'Custom domain must be a host name such as help.example.com', 'custom_domain'],
    [{ config: { allowed_locales: [] } }, 'Allowed locales must name at least one locale', 'config'],
    [{ config: { allowed_locales: ['english'] } }, 'Locale must be a language code such as en or pt_BR', 'config'],
    [{ config: { allowed_locales: ['en'], default_locale: 'fr' } }, 'Default locale must be one of the allowed locales', 'config'],
  ])('refuses %j with 422 naming the field', async (change, message, attribute) => {
    const res = await createPortalApi({ ...PORTAL, ...change });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message, attributes: [attribute] });
  });

  it('refuses a slug in use, in this account or another (public URLs carry no account)', async () => {
    expect((await createPortalApi(PORTAL)).status).toBe(200);
    const again = await createPortalApi({ ...PORTAL, name: 'Other' });
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ message: 'Slug has already been taken', attributes: ['slug'] });

    await createAccount(fx.db, { id: 2, name: 'Other' });
    await createPortal(fx.db, 2, { name: 'Theirs', slug: 'theirs' });
    expect((await createPortalApi({ ...PORTAL, slug: 'theirs' })).status).toBe(422);
  });

  it('keeps a custom domain as a host name, unique', async () => {
    const res = await createPortalApi({ ...PORTAL, custom_domain: 'https://Help.Acme.example/docs' });
    expect((await res.json()).custom_domain).toBe('help.acme.example');
    const clash = await createPortalApi({ ...PORTAL, slug: 'other', custom_domain: 'help.acme.example' });
    expect(clash.status).toBe(422);
    expect(await clash.json()).toEqual({ message: 'Custom domain has already been taken', attributes: ['custom_domain'] });
  });

  it('links the web widget given as inbox_id, and refuses an inbox of another account', async () => {
    expect(await (await createPortalApi(PORTAL, { inbox_id: 1 })).json()).toMatchObject({ channel_web_widget_id: 1 });
    const res = await createPortalApi({ ...PORTAL, slug: 'other' }, { inbox_id: 99 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message: 'Inbox must exist', attributes: ['inbox_id'] });
  });

  it('lists, shows and updates portals by slug', async () => {
    await createPortalApi(PORTAL);
    await createPortalApi({ ...PORTAL, slug: 'second', name: 'Second' });
    const list = await (await fx.agent('/portals')).json();
    expect(list.payload.map((p: { slug: string }) => p.slug)).toEqual(['acme', 'second']);
    expect(list.meta).toEqual({ current_page: 1, portals_count: 2 });

    expect(await (await fx.agent('/portals/acme')).json()).toMatchObject({ slug: 'acme', name: 'Acme Help' });
    expect((await fx.agent('/portals/missing')).status).toBe(404);

    const updated = await fx.agent('/portals/acme', {
      method: 'PATCH',
      body: { portal: { name: 'Acme Support', config: { allowed_locales: ['de', 'fr'] } } },
    });
    // The old default (en) is no longer allowed: the first allowed locale takes over.
    expect(await updated.json()).toMatchObject({ name: 'Acme Support', config: { default_locale: 'de' } });
    const renamed = await fx.agent('/portals/acme', { method: 'PUT', body: { slug: 'second' } });
    expect(renamed.status).toBe(422);
  });

  it("does not show another account's portal", async () => {
    await createAccount(fx.db, { id: 2, name: 'Other' });
    await createPortal(fx.db, 2, { name: 'Theirs', slug: 'theirs' });
    expect((await fx.agent('/portals/theirs')).status).toBe(404);
    expect((await fx.agent('/portals/theirs/articles', { method: 'POST', body: { title: 'x', content: 'y' } })).status).toBe(404);
  });
});

describe('articles', () => {
  beforeEach(async () => {
    await createPortalApi(PORTAL);
  });

  it('creates a draft by the calling agent, with a slug from the title, in the default locale', async () => {
    const res = await createArticleApi({
      title: 'Resetting your password',
      content: '# Reset\n\nClick **Forgot password**.',
      description: 'Steps',
    });
    expect(res.status).toBe(200);
    const { payload } = await res.json();
    expect(payload).toMatchObject({
      id: expect.any(Number),
      title: 'Resetting your password',
      slug: 'resetting-your-password',
      content: '# Reset\n\nClick **Forgot password**.',
      description: 'Steps',
      status: 'draft',
      locale: 'en',
      account_id: 1,
      views: 0,
      updated_at: expect.any(Number),
      portal: { slug: 'acme', meta: { draft_articles_count: 1 } },
      author: { id: 1, type: 'user', name: expect.any(String) },
      associated_articles: [],
      link: 'hc/acme/articles/resetting-your-password',
    });
  });

  it('takes status as a name or as Chatwoot’s number, and publishes on update', async () => {
    const published = (await (await createArticleApi({ title: 'A', content: 'a', status: 1 })).json()).payload;
    expect(published.status).toBe('published');
    const archived = (await (await createArticleApi({ title: 'B', content: 'b', status: 'archived' })).json()).payload;
    expect(archived.status).toBe('archived');

    const draft = (await (await createArticleApi({ title: 'C', content: 'c' })).json()).payload;
    const res = await updateArticleApi(draft.id, { status: 'published', title: 'C, published' });
    expect(res.status).toBe(200);
    expect((await res.json()).payload).toMatchObject({ id: draft.id, status: 'published', title: 'C, published', slug: 'c' });
    const back = await updateArticleApi(draft.id, { status: 0 }, 'PUT');
    expect((await back.json()).payload.status).toBe('draft');
  });

  it('gives each title-made slug a free number, and keeps non-Latin titles readable', async () => {
    const slugs = [];
    for (const title of ['FAQ', 'FAQ', 'faq!', 'Café au lait', 'Привет мир', '???']) {
      slugs.push((await (await createArticleApi({ title, content: 'x' })).json()).payload.slug);
    }
    expect(slugs).toEqual(['faq', 'faq-2', 'faq-3', 'cafe-au-lait', 'привет-мир', 'article']);
  });

  it.each([
    [{ title: '' }, "Title can't be blank", 'title'],
    [{ content: '  ' }, "Content can't be blank", 'content'],
    [{ content: 42 }, 'content: Invalid type: Expected string but received 42', 'content'],
    [{ status: 'live' }, 'Status must be draft, published or archived (or 0, 1, 2)', 'status'],
    [{ status: 3 }, 'Status must be draft, published or archived (or 0, 1, 2)', 'status'],
    [{ locale: 'fr' }, "Locale must be one of the portal's locales (en, de)", 'locale'],
    [{ author_id: 99 }, 'Author must be an agent of this account', 'author_id'],
    [{ slug: 'two words' }, 'Slug may contain only letters, digits, hyphens and underscores', 'slug'],
    [{ position: -1 }, 'Position must be 0 or more', 'position'],
  ])('refuses %j with 422 naming the field', async (change, message, attribute) => {
    const res = await createArticleApi({ title: 'T', content: 'c', ...change });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ message, attributes: [attribute] });
  });

  it('refuses a slug another article of the portal has, on create and on update', async () => {
    await createArticleApi({ title: 'One', content: 'x', slug: 'shared' });
    const clash = await createArticleApi({ title: 'Two', content: 'x', slug: 'shared' });
    expect(clash.status).toBe(422);
    expect(await clash.json()).toEqual({ message: 'Slug has already been taken', attributes: ['slug'] });
    const two = (await (await createArticleApi({ title: 'Two', content: 'x' })).json()).payload;
    expect((await updateArticleApi(two.id, { slug: 'shared' })).status).toBe(422);
    // Its own slug is not a clash.
    expect((await updateArticleApi(two.id, { slug: 'two' })).status).toBe(200);
  });

  it('credits another agent of the account as the author', async () => {
    const colleague = await createUser(fx.db, { name: 'Robin', email: 'robin@example.com', access_token: 'robin-token' });
    await addAccountUser(fx.db, 1, colleague.id, 'agent');
    const { payload } = await (await createArticleApi({ title: 'By Robin', content: 'x', author_id: colleague.id, locale: 'de' })).json();
    expect(payload).toMatchObject({ author: { id: colleague.id, name: 'Robin' }, locale: 'de' });
  });

  it('lists and shows articles, and answers 404 for unknown ones', async () => {
    const a = (await (await createArticleApi({ title: 'A', content: 'a', status: 'published' })).json()).payload;
    await createArticleApi({ title: 'B', content: 'b', locale: 'de' });
    const all = await (await fx.agent('/portals/acme/articles')).json();
    expect(all.payload.map((x: { title: string }) => x.title)).toEqual(['A', 'B']);
    expect(all.meta).toEqual({ current_page: 1, articles_count: 2 });
    const german = await (await fx.agent('/portals/acme/articles?locale=de')).json();
    expect(german.payload.map((x: { title: string }) => x.title)).toEqual(['B']);
    const published = await (await fx.agent('/portals/acme/articles?status=1')).json();
    expect(published.payload.map((x: { title: string }) => x.title)).toEqual(['A']);
    expect((await fx.agent('/portals/acme/articles?status=live')).status).toBe(422);

    expect((await (await fx.agent(`/portals/acme/articles/${a.id}`)).json()).payload).toMatchObject({ id: a.id, title: 'A' });
    expect((await fx.agent('/portals/acme/articles/999')).status).toBe(404);
    expect((await fx.agent('/portals/acme/articles/abc')).status).toBe(404);
    expect((await updateArticleApi(999, { title: 'x' })).status).toBe(404);
  });

  it('answers malformed bodies with clear 4xx JSON errors', async () => {
    const malformed = await fx.agent('/portals/acme/articles', { method: 'POST', body: '{"article":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });
    const array = await fx.agent('/portals', { method: 'POST', body: '[]' });
    expect(array.status).toBe(422);
    const huge = await fx.agent('/portals/acme/articles', {
      method: 'POST',
      body: { article: { title: 'x', content: 'x'.repeat(2_000_000) } },
    });
    expect(huge.status).toBe(413);
  });
});

describe("an inbox's portal", () => {
  it('is set with PATCH /inboxes/{id} portal_id and reaches the widget as chatwootWebChannel.portal', async () => {
    const portal = await (await createPortalApi(PORTAL)).json();
    const res = await fx.agent('/inboxes/1', { method: 'PATCH', body: { portal_id: portal.id } });
    expect(res.status).toBe(200);
    expect((await res.json()).portal_id).toBe(portal.id);

    const { config } = await fx.visit();
    expect(config.chatwootWebChannel.portal).toEqual({
      id: portal.id,
      account_id: 1,
      name: 'Acme Help',
      slug: 'acme',
      custom_domain: null,
      color: '#ff5500',
      homepage_link: null,
      page_title: null,
      header_text: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      config: { allowed_locales: ['en', 'de'], default_locale: 'en' },
      archived: false,
      channel_web_widget_id: null,
      ssl_settings: {},
    });
    const mobile = await (await fx.widget('/config', null, { method: 'POST' })).json();
    expect(mobile.website_channel_config.portal).toMatchObject({ slug: 'acme', config: { allowed_locales: ['en', 'de'] } });

    await fx.agent('/inboxes/1', { method: 'PATCH', body: { portal_id: null } });
    expect((await fx.visit()).config.chatwootWebChannel.portal).toBeNull();
  });

  it('must be a portal of the account', async () => {
    await createAccount(fx.db, { id: 2, name: 'Other' });
    const theirs = await createPortal(fx.db, 2, { name: 'Theirs', slug: 'theirs' });
    for (const portalId of [theirs.id, 999]) {
      const res = await fx.agent('/inboxes/1', { method: 'PATCH', body: { portal_id: portalId } });
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ message: 'Portal must exist', attributes: ['portal_id'] });
    }
    expect((await (await fx.agent('/inboxes/1')).json()).portal_id).toBeNull();
  });

  it('is not shown once archived', async () => {
    const portal = await (await createPortalApi(PORTAL)).json();
    await fx.agent('/inboxes/1', { method: 'PATCH', body: { portal_id: portal.id } });
    await fx.agent('/portals/acme', { method: 'PATCH', body: { archived: true } });
    expect((await fx.visit()).config.chatwootWebChannel.portal).toBeNull();
  });
});
