import { chromium, type Frame } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.mjs';
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

/** Debian's Chromium through Playwright, launched as the rest of the e2e run launches it. */
export async function launchChromium(viewport: Viewport): Promise<BrowserSession> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport });

  /** The page's own frame, or the chat frame's (null while there is none). */
  const frameOf = async (scope: Scope): Promise<Frame | null> => {
    if (scope === 'host') return page.mainFrame();
    const element = (await page.evaluateHandle(findInPage, { css: CHAT_FRAME, anyVisibility: true })).asElement();
    return (await element?.contentFrame()) ?? null;
  };

  const driver: EngineDriver = {
    engine: 'chromium',
    version: `Chromium ${browser.version()}`,
    async goto(url) {
      await page.goto(url);
    },
    async reload() {
      await page.reload();
    },
    async act(target: Target, action: Action) {
      const frame = await frameOf(target.scope);
      const element = frame && (await frame.evaluateHandle(findInPage, target)).asElement();
      if (!element) return false;
      if ('click' in action) await element.click();
      else if ('type' in action) {
        await element.focus();
        await page.keyboard.type(action.type);
      } else await element.press(action.press);
      return true;
    },
    async evaluate<A, R>(scope: Scope, fn: (arg: A) => R, arg: A): Promise<R> {
      const frame = await frameOf(scope);
      if (!frame) throw new Error('the chat frame is not on the page');
      // Playwright's types unwrap handles in `arg`; ours are plain JSON.
      return frame.evaluate(fn as (arg: unknown) => R, arg);
    },
    setViewport: (size) => page.setViewportSize(size),
    async screenshot(path) {
      await page.screenshot({ path });
    },
    close: () => browser.close(),
  };
  return new BrowserSession(driver);
}
