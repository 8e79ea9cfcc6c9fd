/**
 * The three browser engines `npm test` runs the cross-engine tests in, each from Debian's
 * packages and driven by the tool that drives that browser as shipped (docs/contributing.md#the-three-engines).
 * A test written against `BrowserSession` runs in all three.
 */
import type { BrowserSession, EngineName, Viewport } from './browserSession';
import { launchChromium } from './chromium';
import { launchFirefox } from './firefox';
import { launchWebKit } from './webkit';

export type { BrowserSession, EngineName, Target, Viewport } from './browserSession';

export interface Engine {
  name: EngineName;
  /** The browser and what drives it, for test titles. */
  title: string;
  /** Starts the browser (and whatever it needs to run) with one page of `viewport`. */
  launch(viewport: Viewport): Promise<BrowserSession>;
}

export const ENGINES: readonly Engine[] = [
  { name: 'chromium', title: 'Chromium (Playwright)', launch: launchChromium },
  { name: 'firefox', title: 'Firefox ESR (Puppeteer, WebDriver BiDi)', launch: launchFirefox },
  { name: 'webkit', title: 'WebKitGTK MiniBrowser (WebKitWebDriver, Xvfb)', launch: launchWebKit },
];
