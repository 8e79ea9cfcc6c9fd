import { existsSync } from 'node:fs';
import puppeteer, { type ElementHandle, type Frame } from 'puppeteer-core';
import {
  type Action,
  BrowserSession,
  CHAT_FRAME,
  type EngineDriver,
  findInPage,
  type Scope,
  type Target,
  type Viewport,
} from './browserSession';

/** Debian's Firefox ESR (`apt-get install firefox-esr`); FIREFOX_PATH points at another build. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox through Puppeteer over WebDriver BiDi, the protocol Firefox itself implements: unlike
 * Playwright's Firefox, a patched build it downloads, this drives the browser as Debian ships it.
 */
export async function launchFirefox(viewport: Viewport): Promise<BrowserSession> {
  if (!existsSync(FIREFOX_PATH))
    throw new Error(`Firefox is not installed at ${FIREFOX_PATH}: apt-get install firefox-esr (or set FIREFOX_PATH)`);
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true });
  const page = await browser.newPage();
  await page.setViewport(viewport);

  /** The page's own frame, or the chat frame's (null while there is none). */
  const frameOf = async (scope: Scope): Promise<Frame | null> => {
    if (scope === 'host') return page.mainFrame();
    const element = (await page.evaluateHandle(findInPage, { css: CHAT_FRAME, anyVisibility: true })).asElement();
    return element ? await (element as ElementHandle<HTMLIFrameElement>).contentFrame() : null;
  };

  const driver: EngineDriver = {
    engine: 'firefox',
    version: (await browser.version()).replace(/^firefox\//, 'Firefox '),
    async goto(url) {
      await page.goto(url);
    },
    async reload() {
      await page.reload();
    },
    async act(target: Target, action: Action) {
      const frame = await frameOf(target.scope);
      const element = frame && ((await frame.evaluateHandle(findInPage, target)).asElement() as ElementHandle<Element> | null);
      if (!element) return false;
      if ('click' in action) await element.click();
      else if ('type' in action) await element.type(action.type);
      else await element.press(action.press);
      return true;
    },
    async evaluate<A, R>(scope: Scope, fn: (arg: A) => R, arg: A): Promise<R> {
      const frame = await frameOf(scope);
      if (!frame) throw new Error('the chat frame is not on the page');
      // Puppeteer's types unwrap handles in `arg`; ours are plain JSON.
      return (await frame.evaluate(fn as (arg: unknown) => R, arg)) as R;
    },
    setViewport: (size) => page.setViewport(size),
    async screenshot(path) {
      await page.screenshot({ path: path as `${string}.png` });
    },
    close: () => browser.close(),
  };
  return new BrowserSession(driver);
}
