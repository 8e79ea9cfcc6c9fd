import { ConfigError, loadConfig } from '../../server/config';
import { defaultRateLimits } from '../../server/limits/rateLimits';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import { seed } from '../../server/seed';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databasePath: 'data/wren.sqlite',
      databaseUrl: undefined,
      databasePoolSize: 10,
      redisUrl: undefined,
      presenceWindowS: 20,
      websiteToken: undefined,
      apiAccessToken: undefined,
      secretKeyBase: undefined,
      uploadsDir: 'data/uploads',
      maxUploadMb: 40,
      smtpUrl: undefined,
      outboxDir: 'data/outbox',
      packsDir: 'dist/packs',
      cspConnectSrc: [],
      trustProxy: undefined,
      rateLimits: defaultRateLimits(),
      awayMode: 'chat',
      conversationMessagesPerMinute: 200,
      branding: { brandName: 'Wren', brandUrl: 'https://github.com/wren-chat/wren', installationName: 'Wren' },
    });
  });

  it('reads the branding: BRAND_NAME, WIDGET_BRAND_URL, INSTALLATION_NAME, LOGO_THUMBNAIL', () => {
    expect(
      loadConfig({
        BRAND_NAME: ' Acme Chat ',
        WIDGET_BRAND_URL: 'https://www.acme.example/chat?from=widget',
        INSTALLATION_NAME: 'Acme Support',
        LOGO_THUMBNAIL: 'https://cdn.acme.example/logo.svg',
      }).branding,
    ).toEqual({
      brandName: 'Acme Chat',
      brandUrl: 'https://www.acme.example/chat?from=widget',
      installationName: 'Acme Support',
      logoUrl: 'https://cdn.acme.example/logo.svg',
    });
    // The installation is named after the brand unless it has a name of its own.
    expect(loadConfig({ BRAND_NAME: 'Acme Chat' }).branding.installationName).toBe('Acme Chat');
    expect(loadConfig({ LOGO_THUMBNAIL: '/brand/logo.png' }).branding.logoUrl).toBe('/brand/logo.png');
  });

  it('turns the branding footer off with BRAND_NAME set empty, and the logo with LOGO_THUMBNAIL set empty', () => {
    expect(loadConfig({ BRAND_NAME: '', LOGO_THUMBNAIL: '' }).branding).toEqual({
      brandName: '',
      brandUrl: 'https://github.com/wren-chat/wren',
      installationName: 'Wren',
      logoUrl: '',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      DATABASE_PATH: '/tmp/x.sqlite',
      WEBSITE_TOKEN: 'site-token-1',
      API_ACCESS_TOKEN: 'agent-token-1',
      SECRET_KEY_BASE: 'k'.repeat(40),
      UPLOADS_DIR: '/tmp/up',
      MAX_UPLOAD_MB: '10',
      SMTP_URL: 'smtp://mail:25',
      OUTBOX_DIR: '/tmp/out',
      PACKS_DIR: '/tmp/packs',
      PUBLIC_URL: 'https://chat.example.com/',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      maxUploadMb: 10,
      smtpUrl: 'smtp://mail:25',
      websiteToken: 'site-token-1',
      publicUrl: 'https://chat.example.com',
    });
  });

  it('reads the scaled mode: DATABASE_URL, DATABASE_POOL_SIZE, REDIS_URL, PRESENCE_WINDOW_S', () => {
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://wren:secret@db.example.com:5432/wren',
        DATABASE_POOL_SIZE: '25',
        REDIS_URL: 'rediss://redis.example.com:6380/2',
        PRESENCE_WINDOW_S: '5',
      }),
    ).toMatchObject({
      databaseUrl: 'postgres://wren:secret@db.example.com:5432/wren',
      databasePoolSize: 25,
      redisUrl: 'rediss://redis.example.com:6380/2',
      presenceWindowS: 5,
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/wren' }).databaseUrl).toBe('postgresql://localhost/wren');
  });

  it("reads the flood guard, Chatwoot's CONVERSATION_MESSAGE_PER_MINUTE_LIMIT, 200 unless set", () => {
    expect(loadConfig({}).conversationMessagesPerMinute).toBe(200);
    expect(loadConfig({ CONVERSATION_MESSAGE_PER_MINUTE_LIMIT: '30' }).conversationMessagesPerMinute).toBe(30);
    expect(() => loadConfig({ CONVERSATION_MESSAGE_PER_MINUTE_LIMIT: '0' })).toThrow(
      /CONVERSATION_MESSAGE_PER_MINUTE_LIMIT must be a whole number between 1 and 1000000/,
    );
  });

  it('never repeats a database or Redis URL (it may carry a password) in its complaint', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/wren' })).toThrow(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/wren' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ REDIS_URL: 'http://:hunter2@redis' })).not.toThrow(/hunter2/);
  });

  it('reads LOG_LEVEL and METRICS_TOKEN', () => {
    expect(loadConfig({ LOG_LEVEL: 'warn', METRICS_TOKEN: 'scrape-token-1' })).toMatchObject({
      logLevel: 'warn',
      metricsToken: 'scrape-token-1',
    });
  });

  it.each([
    ['true', 'X-Forwarded-For'],
    ['1', 'X-Forwarded-For'],
    ['on', 'X-Forwarded-For'],
    ['false', undefined],
    ['off', undefined],
    ['0', undefined],
    ['CF-Connecting-IP', 'CF-Connecting-IP'],
  ])('reads TRUST_PROXY=%s as the trusted header %s', (value, header) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(header);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number between 0 and 65535/],
    [{ MAX_UPLOAD_MB: '-1' }, /MAX_UPLOAD_MB/],
    [{ WEBSITE_TOKEN: 'has spaces in it' }, /WEBSITE_TOKEN must be/],
    [{ SECRET_KEY_BASE: 'short' }, /SECRET_KEY_BASE must be at least 32 characters/],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL must start with smtp/],
    [{ PUBLIC_URL: 'chat.example.com/path' }, /PUBLIC_URL must be an http\(s\) origin/],
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent/],
    [{ AWAY_MODE: 'vanish' }, /AWAY_MODE must be one of chat, email_form, hide_launcher/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be/],
    [{ CSP_CONNECT_SRC: "https://a.example.com; script-src 'unsafe-inline'" }, /CSP_CONNECT_SRC must be/],
    [{ REDIS_URL: 'redis.example.com:6379' }, /REDIS_URL must be a Redis URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be a whole number between 1 and 1000/],
    [{ PRESENCE_WINDOW_S: '0' }, /PRESENCE_WINDOW_S must be a whole number between 1 and 3600/],
    [{ BRAND_NAME: 'x'.repeat(101) }, /BRAND_NAME must be a name of at most 100 characters/],
    [{ INSTALLATION_NAME: 'Acme\nSupport' }, /INSTALLATION_NAME must be a name of at most 100 characters/],
    [{ WIDGET_BRAND_URL: 'javascript:alert(1)' }, /WIDGET_BRAND_URL must be an http\(s\) URL/],
    [{ WIDGET_BRAND_URL: 'www.acme.example' }, /WIDGET_BRAND_URL must be an http\(s\) URL/],
    [{ LOGO_THUMBNAIL: '//cdn.acme.example/logo.svg' }, /LOGO_THUMBNAIL must be an http\(s\) URL or a path on this server/],
    [{ LOGO_THUMBNAIL: 'data:image/svg+xml,<svg/>' }, /LOGO_THUMBNAIL must be an http\(s\) URL or a path on this server/],
  ])('rejects %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('seed', () => {
  it('is idempotent, keeps generated secrets, and lets the environment replace tokens', async () => {
    const db = createDatabase(':memory:');
    await migrateToLatest(db);
    await migrateToLatest(db);
    const first = await seed(db, {});
    const again = await seed(db, {});
    expect(again).toEqual(first);
    const replaced = await seed(db, { websiteToken: 'configured-site', apiAccessToken: 'configured-agent' });
    expect(replaced).toMatchObject({
      websiteToken: 'configured-site',
      apiAccessToken: 'configured-agent',
      secretKeyBase: first.secretKeyBase,
    });
    const counts = await Promise.all(
      (['accounts', 'inboxes', 'users', 'inbox_members', 'account_users'] as const).map((t) =>
        db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(counts.map((c) => Number(c.n))).toEqual([1, 1, 1, 1, 1]);
    await db.destroy();
  });
});
