import { expect, test, type FrameLocator } from '@playwright/test';
import { E2E } from './ports';
import { ownWrenServer, serveHostPage, type OwnServer } from './support/ownServer';
import { openChat, saveScreenshot } from './support/widget';

/**
 * The branding footer (docs/behaviour.md#screens) as the reference server serves it: its own logo,
 * shipped by the build, or the installation's (BRAND_NAME, WIDGET_BRAND_URL, LOGO_THUMBNAIL).
 */
const footerOf = (widget: FrameLocator) => widget.locator('footer.branding');

/** Whether the footer's logo was fetched and decoded: its size, or why not. */
const logoState = (widget: FrameLocator) =>
  footerOf(widget)
    .locator('img')
    .evaluate((img: HTMLImageElement) =>
      img.complete ? `${img.naturalWidth > 0 ? 'decoded' : 'broken'} ${img.width}x${img.height}` : 'loading',
    );

test("the footer shows Wren's logo, shipped by the build, beside 'Powered by Wren'", async ({ page }) => {
  const logoRequests: string[] = [];
  page.on('request', (request) => /\/logo/.test(new URL(request.url()).pathname) && logoRequests.push(request.url()));
  await page.goto(`${E2E.hostOrigin}/`);
  const widget = await openChat(page);
  const link = footerOf(widget).getByRole('link', { name: 'Powered by Wren' });
  await expect(link).toBeVisible();
  const href = new URL((await link.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://github.com/wren-chat/wren');
  expect(href.searchParams.get('utm_source')).toBe('widget_branding');
  expect(href.searchParams.get('utm_referrer')).toBe(new URL(E2E.hostOrigin).host);

  // The build's logo (src/widget/assets/logo.svg), carried by the page: no request of its own.
  const logo = footerOf(widget).locator('img');
  await expect(logo).toHaveAttribute('src', /^data:image\/svg\+xml,%3Csvg/);
  expect(decodeURIComponent((await logo.getAttribute('src'))!)).toContain('<title>Wren</title>');
  // Decorative: the link's name is the text.
  await expect(logo).toHaveAttribute('alt', '');
  await expect.poll(() => logoState(widget)).toBe('decoded 12x12');
  expect(logoRequests).toEqual([]);
  await saveScreenshot(page, 'branding-footer');
  await footerOf(widget).screenshot({ path: 'e2e-artifacts/screenshots/branding-footer-close-up.png', scale: 'device' });
});

test.describe("an installation's own branding", () => {
  const SERVER_PORT = E2E.widgetPort + 30;
  const HOST_PAGE_PORT = E2E.widgetPort + 31;
  let server: OwnServer | undefined;
  let hostPage: Awaited<ReturnType<typeof serveHostPage>> | undefined;

  /** A server of its own with `env`, and a host page embedding it. */
  async function brandedServer(env: Record<string, string>) {
    server = await ownWrenServer(SERVER_PORT, { env });
    await server.start();
    hostPage = await serveHostPage(HOST_PAGE_PORT, server.origin);
    return hostPage.url;
  }

  test.afterEach(async () => {
    await hostPage?.close();
    await server?.dispose();
    hostPage = server = undefined;
  });

  test('BRAND_NAME, WIDGET_BRAND_URL and LOGO_THUMBNAIL name, link and picture the footer', async ({ page }) => {
    const url = await brandedServer({
      BRAND_NAME: 'Acme Chat',
      WIDGET_BRAND_URL: 'https://www.acme.example/chat',
      // A logo of the installation's own, on this server: the build's, under another name.
      LOGO_THUMBNAIL: '/favicon.svg',
    });
    await page.goto(url);
    const widget = await openChat(page);
    const link = footerOf(widget).getByRole('link', { name: 'Powered by Acme Chat' });
    await expect(link).toBeVisible();
    expect(new URL((await link.getAttribute('href'))!).pathname).toBe('/chat');
    await expect(footerOf(widget).locator('img')).toHaveAttribute('src', '/favicon.svg');
    await expect.poll(() => logoState(widget)).toBe('decoded 12x12');
  });

  test('BRAND_NAME set empty shows no branding footer', async ({ page }) => {
    await page.goto(await brandedServer({ BRAND_NAME: '' }));
    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    await expect(footerOf(widget)).toHaveCount(0);
  });
});
