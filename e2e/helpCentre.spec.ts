import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { E2E } from './ports';
import { agentApi } from './support/agentApi';
import { axeViolations } from './support/axe';
import { solidPng } from './support/files';
import { hostSettings, openChat, saveScreenshot } from './support/widget';

// The help centre (issue 10; docs/behaviour.md#help-centre): articles an agent writes through
// the Application API are listed on home when the inbox has a portal, and open in the widget's
// article viewer. The help-centre chunk costs an inbox without a portal nothing.

const HELP_CENTRE_CHUNK = /\/js\/widget-\w+\/helpCentre\.js$/;
const IMAGE_URL = 'https://images.acme.example/size-chart.png';

const SIZES = [
  '## Size chart',
  '',
  'Measure around the fullest part of your chest.',
  '',
  `![Size chart](${IMAGE_URL})`,
  '',
  '| Size | Chest | Waist |',
  '| --- | ---: | ---: |',
  '| S | 88 cm | 72 cm |',
  '| M | 96 cm | 80 cm |',
  '| L | 104 cm | 88 cm |',
  '',
  'Still unsure? [Ask us](https://acme.example/contact).',
].join('\n');

interface Portal {
  id: number;
  slug: string;
}

let portal: Portal;
let sizesArticleId: number;

test.beforeAll(async () => {
  const slug = `acme-${Date.now().toString(36)}`;
  portal = await agentApi<Portal>('POST', '/api/v1/accounts/1/portals', {
    portal: { name: 'Acme Help Centre', slug, config: { allowed_locales: ['en', 'ar'], default_locale: 'en' } },
  });
  const create = (article: Record<string, unknown>) =>
    agentApi<{ payload: { id: number } }>('POST', `/api/v1/accounts/1/portals/${slug}/articles`, { article });
  sizesArticleId = (await create({ title: 'Finding your size', content: SIZES, description: 'Our size chart', status: 'published' }))
    .payload.id;
  // Written as a draft, published by an update, as an agent would.
  const returns = await create({ title: 'Returns and refunds', content: 'Send it back within **30 days**.' });
  await agentApi('PATCH', `/api/v1/accounts/1/portals/${slug}/articles/${returns.payload.id}`, { article: { status: 'published' } });
  await create({ title: 'Unfinished draft', content: 'Not yet.' });
  await create({ title: 'كيفية الإرجاع', content: 'أعد المنتج خلال **30 يومًا**.', locale: 'ar', status: 'published' });
});

/** Links inbox 1 to the portal for one test; the returned function unlinks it. */
async function linkPortal(): Promise<() => Promise<void>> {
  await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { portal_id: portal.id });
  return async () => {
    await agentApi('PATCH', '/api/v1/accounts/1/inboxes/1', { portal_id: null });
  };
}

/** Serves the article's image (the test has no internet) to every frame of the page. */
async function serveImages(page: Page) {
  await page.route(IMAGE_URL, (route) => route.fulfill({ contentType: 'image/png', body: solidPng(240, 120, [31, 147, 255]) }));
}

/** The article viewer's frame, once its page has arrived (the skeleton gone). */
async function articlePage(widget: FrameLocator): Promise<FrameLocator> {
  await expect(widget.locator('iframe.article-viewer__frame:not(.article-viewer__frame--loading)')).toBeVisible();
  return widget.frameLocator('iframe.article-viewer__frame');
}

const popularArticles = (widget: FrameLocator) => widget.getByRole('region', { name: 'Popular Articles' });

test.describe('the help centre', () => {
  test('the articles chunk is not requested when the widget opens for an inbox without a portal', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (HELP_CENTRE_CHUNK.test(url) || new URL(url).pathname.startsWith('/hc/')) requested.push(url);
    });
    await page.goto(`${E2E.hostOrigin}/`);
    const widget = await openChat(page);
    await expect(widget.getByRole('button', { name: 'Start Conversation' })).toBeVisible();
    // Long enough for anything the open would fetch when idle.
    await page.waitForTimeout(2_000);
    expect(requested).toEqual([]);
    await expect(widget.getByText('Popular Articles')).toHaveCount(0);
  });

  test('lists the published articles on home, and one opens in the viewer with its heading, image and table', async ({ page }) => {
    const unlink = await linkPortal();
    try {
      await serveImages(page);
      const chunk = page.waitForRequest(HELP_CENTRE_CHUNK);
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      await chunk;

      const list = popularArticles(widget);
      await expect(list.getByRole('heading', { name: 'Popular Articles' })).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveText(['Finding your size', 'Returns and refunds']);
      await expect(list.getByRole('button', { name: 'View all articles' })).toBeVisible();
      await saveScreenshot(page, 'help-centre-home');

      const before = (await agentApi('GET', `/api/v1/accounts/1/portals/${portal.slug}/articles/${sizesArticleId}`)).payload.views;
      await list.getByRole('button', { name: 'Finding your size' }).click();

      const article = await articlePage(widget);
      await expect(widget.locator('iframe.article-viewer__frame')).toHaveAttribute('title', 'Finding your size');
      await expect(article.getByRole('heading', { level: 1, name: 'Finding your size' })).toBeVisible();
      await expect(article.getByRole('heading', { level: 2, name: 'Size chart' })).toBeVisible();
      // The article's title reads as its title: larger than any heading of its own.
      const sizes = await article.locator('body').evaluate(() => {
        const size = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
        return {
          title: size(document.querySelector('main > h1')!),
          headings: [...document.querySelectorAll('main :is(h2,h3,h4,h5,h6), .content h1')].map(size),
        };
      });
      expect(sizes.headings.length).toBeGreaterThan(0);
      expect(Math.max(...sizes.headings)).toBeLessThan(sizes.title);
      const image = article.getByRole('img', { name: 'Size chart' });
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);
      const table = article.getByRole('table');
      await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Chest', 'Waist']);
      await expect(table.getByRole('row')).toHaveCount(4);
      await expect(table.getByRole('row').nth(2)).toContainText('96 cm');
      await expect(article.getByRole('link', { name: 'Ask us' })).toHaveAttribute('target', '_blank');
      // The viewer has no branding footer, and its back button goes home.
      await expect(widget.getByRole('link', { name: /Powered by/ })).toHaveCount(0);
      await saveScreenshot(page, 'help-centre-article');

      const after = (await agentApi('GET', `/api/v1/accounts/1/portals/${portal.slug}/articles/${sizesArticleId}`)).payload.views;
      expect(after).toBe(before + 1);

      await widget.getByRole('button', { name: 'Back' }).click();
      await expect(popularArticles(widget).getByRole('button', { name: 'Returns and refunds' })).toBeVisible();
    } finally {
      await unlink();
    }
  });

  test("“View all articles” opens the portal's list in the viewer, and its articles open there too", async ({ page }) => {
    const unlink = await linkPortal();
    try {
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      await popularArticles(widget).getByRole('button', { name: 'View all articles' }).click();
      const list = await articlePage(widget);
      await expect(list.getByRole('heading', { level: 1, name: 'Acme Help Centre' })).toBeVisible();
      await expect(list.getByRole('listitem')).toHaveText([/Finding your size/, 'Returns and refunds']);
      await list.getByRole('link', { name: 'Returns and refunds' }).click();
      await expect(list.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
      await expect(list.getByText('30 days')).toHaveCSS('font-weight', '700');
    } finally {
      await unlink();
    }
  });

  test('works from the keyboard: an article opens with Enter, and Back returns home', async ({ page }) => {
    const unlink = await linkPortal();
    try {
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      const first = popularArticles(widget).getByRole('button', { name: 'Finding your size' });
      await expect(first).toBeVisible();
      await widget.getByRole('button', { name: 'Start Conversation' }).focus();
      await page.keyboard.press('Tab');
      await expect(popularArticles(widget).getByRole('button', { name: 'View all articles' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(first).toBeFocused();
      await page.keyboard.press('Enter');
      await articlePage(widget);
      await widget.getByRole('button', { name: 'Back' }).focus();
      await page.keyboard.press('Enter');
      await expect(first).toBeVisible();
    } finally {
      await unlink();
    }
  });

  test('an article that fails to load says so, and the retry loads it once the network is back', async ({ page }) => {
    const unlink = await linkPortal();
    try {
      const ARTICLE_PAGE = /\/hc\/[^/]+\/articles\/returns-and-refunds\?/;
      await page.route(ARTICLE_PAGE, (route) => route.abort('failed'));
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      await popularArticles(widget).getByRole('button', { name: 'Returns and refunds' }).click();
      // The banners' alert regions stay on the page, empty (docs/accessibility.md): the article's is the one with words.
      const problem = widget.getByRole('alert').filter({ hasText: 'There was an error loading the article' });
      await expect(problem).toHaveText('There was an error loading the article, please refresh the page and try again.Try again');
      await saveScreenshot(page, 'help-centre-article-error');

      await page.unroute(ARTICLE_PAGE);
      await widget.getByRole('button', { name: 'Try again' }).click();
      const article = await articlePage(widget);
      await expect(article.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
      await expect(problem).toHaveCount(0);
    } finally {
      await unlink();
    }
  });

  test('reads right to left in Arabic, with the portal’s Arabic articles', async ({ page }) => {
    const unlink = await linkPortal();
    try {
      await hostSettings(page, { locale: 'ar' });
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page, 'تحدث معنا');
      const list = widget.getByRole('region', { name: 'المقالات الشائعة' });
      await expect(list.getByRole('listitem')).toHaveText(['كيفية الإرجاع']);
      await expect(list.getByRole('button', { name: 'عرض جميع المقالات' })).toBeVisible();
      await expect(widget.locator('html')).toHaveAttribute('dir', 'rtl');
      // The title starts at the right edge of its row; the chevron points left, the way the reader goes.
      const button = (await list.getByRole('button', { name: 'كيفية الإرجاع' }).boundingBox())!;
      const title = (await list.locator('.articles__item-title').boundingBox())!;
      expect(button.x + button.width - (title.x + title.width)).toBeLessThan(16);
      expect(
        await list.locator('.articles__item').evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el, '::after').transform).b),
      ).toBeLessThan(0);
      await saveScreenshot(page, 'help-centre-home-rtl');
      await list.getByRole('button', { name: 'كيفية الإرجاع' }).click();
      const article = await articlePage(widget);
      await expect(article.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(article.getByRole('heading', { level: 1, name: 'كيفية الإرجاع' })).toBeVisible();
    } finally {
      await unlink();
    }
  });

  for (const darkMode of ['light', 'dark'] as const) {
    test(`has no accessibility violations on home with articles and in the viewer, ${darkMode}`, async ({ page }) => {
      const unlink = await linkPortal();
      try {
        await hostSettings(page, { darkMode });
        await serveImages(page);
        await page.goto(`${E2E.hostOrigin}/`);
        const widget = await openChat(page);
        await expect(popularArticles(widget).getByRole('listitem')).toHaveCount(2);
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, `help-centre-home-${darkMode}`);

        await popularArticles(widget).getByRole('button', { name: 'Finding your size' }).click();
        const article = await articlePage(widget);
        await expect(article.getByRole('table')).toBeVisible();
        await expect(article.locator('html')).toHaveClass(new RegExp(darkMode));
        // The whole page: the chat frame, and the article's frame inside it.
        expect(await axeViolations(page)).toEqual([]);
        await saveScreenshot(page, `help-centre-article-${darkMode}`);
      } finally {
        await unlink();
      }
    });
  }
});

test.describe('the help centre on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('fits a 390 px screen: the list, and an article with its image and table', async ({ page }) => {
    const unlink = await linkPortal();
    try {
      await serveImages(page);
      await page.goto(`${E2E.hostOrigin}/`);
      const widget = await openChat(page);
      const item = popularArticles(widget).getByRole('button', { name: 'Finding your size' });
      await expect(item).toBeVisible();
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await saveScreenshot(page, 'help-centre-home-phone');

      await item.tap();
      const article = await articlePage(widget);
      await expect(article.getByRole('table')).toBeVisible();
      // Nothing in the article widens its page past the screen.
      expect(await article.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
      await saveScreenshot(page, 'help-centre-article-phone');
    } finally {
      await unlink();
    }
  });
});
