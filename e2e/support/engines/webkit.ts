import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { freePort } from '../services.mjs';
import { stopProcess, stopWithThisProcess } from './childProcess';
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
import { startXvfb } from './xvfb';

/** Debian's WebDriver for WebKitGTK (`apt-get install webkit2gtk-driver`, which brings MiniBrowser). */
const WEBDRIVER_PATH = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/** MiniBrowser, WebKitGTK's test browser: WEBKIT_MINIBROWSER_PATH, else the newest API version Debian installed. */
function miniBrowserPath(): string {
  if (process.env.WEBKIT_MINIBROWSER_PATH) return process.env.WEBKIT_MINIBROWSER_PATH;
  const libraries = readdirSync('/usr/lib').filter((name) => name.endsWith('-linux-gnu'));
  for (const api of ['webkitgtk-6.0', 'webkit2gtk-4.1', 'webkit2gtk-4.0'])
    for (const library of libraries) {
      const path = join('/usr/lib', library, api, 'MiniBrowser');
      if (existsSync(path)) return path;
    }
  throw new Error('MiniBrowser is not installed: apt-get install webkit2gtk-driver (or set WEBKIT_MINIBROWSER_PATH)');
}

/**
 * MiniBrowser's toolbar (its URL entry and buttons) keeps the window at least 447 px wide, too
 * wide for a phone's viewport. A user stylesheet lets them shrink to nothing; it styles GTK's
 * widgets only, never the page, which WebKit draws with its own theme.
 */
const NARROW_TOOLBAR_CSS = 'entry, button { min-width: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }';

/** An XDG_CONFIG_HOME of its own, holding that stylesheet for GTK 3 (WebKitGTK 4.x) and GTK 4 (6.0). */
async function gtkConfigHome(): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'wren-webkit-gtk-'));
  for (const gtk of ['gtk-3.0', 'gtk-4.0']) {
    await mkdir(join(home, gtk));
    await writeFile(join(home, gtk, 'gtk.css'), NARROW_TOOLBAR_CSS);
  }
  return home;
}

const KEYS = { Enter: Key.ENTER, Escape: Key.ESCAPE, Tab: Key.TAB } as const;

/** Calls `fn` in the page with `arg`: WebDriver runs script source, with the arguments in `arguments`. */
const script = (fn: (arg: never) => unknown) => `return (${fn})(arguments[0]);`;

/**
 * Waits until the WebDriver server answers `/status`. It exits at once on a port taken meanwhile,
 * which this reports rather than waiting.
 */
async function webDriverReady(server: ChildProcess, url: string, output: () => string): Promise<void> {
  const answers = () =>
    fetch(`${url}/status`).then(
      (response) => response.ok,
      () => false,
    );
  for (let tries = 0; tries < 200; tries++) {
    if (server.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${server.exitCode}:\n${output()}`);
    if (await answers()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url}:\n${output()}`);
}

/**
 * WebKitGTK's MiniBrowser through Debian's WebKitWebDriver and selenium-webdriver, on an Xvfb
 * display of its own (MiniBrowser is a GTK window and has no headless mode). The engine is the
 * one Safari ships; see docs/contributing.md#the-three-engines for what that proves.
 */
export async function launchWebKit(viewport: Viewport): Promise<BrowserSession> {
  if (!existsSync(WEBDRIVER_PATH))
    throw new Error(`WebKitWebDriver is not installed at ${WEBDRIVER_PATH}: apt-get install webkit2gtk-driver`);
  const binary = miniBrowserPath();
  const screen = await startXvfb();
  const gtkConfig = await gtkConfigHome();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(WEBDRIVER_PATH, [`--port=${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DISPLAY: screen.display, XDG_CONFIG_HOME: gtkConfig },
  });
  stopWithThisProcess(server);
  let log = '';
  server.stdout!.on('data', (chunk) => (log += chunk));
  server.stderr!.on('data', (chunk) => (log += chunk));
  const stopAll = async () => {
    await stopProcess(server);
    await screen.stop();
    await rm(gtkConfig, { recursive: true, force: true });
  };

  let webDriver: WebDriver;
  try {
    await webDriverReady(server, url, () => log);
    webDriver = await new Builder()
      .usingServer(url)
      .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary, args: ['--automation'] } })
      .build();
  } catch (failure) {
    await stopAll();
    throw failure;
  }
  const browser = webDriver;

  /**
   * Runs `fn` with WebDriver's attention on the scope's document: WebDriver addresses one frame
   * at a time, so the chat frame is entered for the call and left after it. `fn` gets false when
   * there is no chat frame.
   */
  const within = async <R>(scope: Scope, fn: (entered: boolean) => Promise<R>): Promise<R> => {
    if (scope === 'host') return fn(true);
    const frame = await browser.executeScript<WebElement | null>(script(findInPage), { css: CHAT_FRAME, anyVisibility: true });
    if (!frame) return fn(false);
    await browser.switchTo().frame(frame);
    try {
      return await fn(true);
    } finally {
      await browser.switchTo().defaultContent();
    }
  };

  const innerSize = () => browser.executeScript<[number, number]>('return [innerWidth, innerHeight];');

  const driver: EngineDriver = {
    engine: 'webkit',
    version: `WebKitGTK ${(await browser.getCapabilities()).get('browserVersion')}`,
    goto: (address) => browser.get(address),
    reload: () => browser.navigate().refresh(),
    act: (target: Target, action: Action) =>
      within(target.scope, async (entered) => {
        const element = entered ? await browser.executeScript<WebElement | null>(script(findInPage), target) : null;
        if (!element) return false;
        // WebDriver refuses an input while the element is covered or re-rendered: BrowserSession tries again.
        if ('click' in action) await element.click();
        else await element.sendKeys('type' in action ? action.type : KEYS[action.press]);
        return true;
      }),
    evaluate: (scope, fn, arg) =>
      within(scope, (entered) => {
        if (!entered) throw new Error('the chat frame is not on the page');
        return browser.executeScript(script(fn), arg);
      }),
    async setViewport({ width, height }) {
      // WebDriver sizes the window; the toolbar around the page takes the difference.
      for (let tries = 0; tries < 5; tries++) {
        const [innerWidth, innerHeight] = await innerSize();
        if (innerWidth === width && innerHeight === height) return;
        const outer = await browser.manage().window().getRect();
        await browser
          .manage()
          .window()
          .setRect({ width: outer.width + width - innerWidth, height: outer.height + height - innerHeight });
      }
      const [innerWidth, innerHeight] = await innerSize();
      if (innerWidth !== width || innerHeight !== height)
        throw new Error(`MiniBrowser's viewport stays ${innerWidth}×${innerHeight}, not ${width}×${height}`);
    },
    async screenshot(path) {
      await writeFile(path, await browser.takeScreenshot(), 'base64');
    },
    async close() {
      try {
        await browser.quit();
      } finally {
        await stopAll();
      }
    },
  };
  try {
    await driver.setViewport(viewport);
  } catch (failure) {
    await driver.close();
    throw failure;
  }
  return new BrowserSession(driver);
}
