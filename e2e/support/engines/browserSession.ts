/**
 * One browser, whichever engine drives it: what a cross-engine test says (go to a page, click
 * this, type that, read something off the page, take a screenshot), once. Each engine's
 * `EngineDriver` does only the native part; `BrowserSession` adds the waiting, so every engine
 * waits for the same things in the same way.
 */

/** The engines `npm test` runs the cross-engine tests in. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/**
 * Where an element is looked for: the host page (through its open shadow roots, where the
 * launcher and the chat window live) or the document inside the chat frame.
 */
export type Scope = 'host' | 'chat';

/**
 * An element as a visitor finds it: a CSS selector in a scope and, optionally, its name (its
 * `aria-label`, else its text). The first visible match counts.
 */
export interface Target {
  scope: Scope;
  css: string;
  name?: string;
}

export type Key = 'Enter' | 'Escape' | 'Tab';

/** A real input on an element: a pointer click, typing at its caret, or one key. */
export type Action = { click: true } | { type: string } | { press: Key };

export interface Viewport {
  width: number;
  height: number;
}

/** The chat frame, by the id Chatwoot's loader gives it (inside the launcher's shadow root). */
export const CHAT_FRAME = '#chatwoot_live_chat_widget';

/** What one engine does natively. Nothing here waits: `BrowserSession` does. */
export interface EngineDriver {
  readonly engine: EngineName;
  /** The browser's name and version, as it reports them. */
  readonly version: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Performs `action` on the first visible match of `target`; false when there is none yet. */
  act(target: Target, action: Action): Promise<boolean>;
  /** Runs `fn(arg)` in the scope's document and returns its (JSON) result. */
  evaluate<A, R>(scope: Scope, fn: (arg: A) => R, arg: A): Promise<R>;
  /** Sizes the page's layout viewport (what `innerWidth` and `innerHeight` read). */
  setViewport(viewport: Viewport): Promise<void>;
  /** A PNG of the viewport, the chat frame included. */
  screenshot(path: string): Promise<void>;
  close(): Promise<void>;
}

/** How long an element may take to appear before a step gives up. */
const WAIT_MS = 20_000;
const POLL_MS = 100;

/**
 * The first element in `document` and its open shadow roots that matches the query and, unless
 * `anyVisibility`, is rendered and visible. Runs in the page, so it stands alone: it is sent to
 * each engine as source text.
 */
export function findInPage(query: { css: string; name?: string; anyVisibility?: boolean }): Element | null {
  const roots: (Document | ShadowRoot)[] = [document];
  for (let i = 0; i < roots.length; i++)
    for (const element of roots[i].querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
  const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  const visible = (element: Element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility === 'visible';
  for (const root of roots)
    for (const element of root.querySelectorAll(query.css))
      if ((query.name === undefined || nameOf(element) === query.name) && (query.anyVisibility || visible(element))) return element;
  return null;
}

/** Resolves after the document's next rendering update (the second animation frame from now). */
const renderingUpdate = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

const whereabouts = ({ scope, css, name }: Target) =>
  `${css}${name === undefined ? '' : ` named "${name}"`} in the ${scope === 'host' ? 'host page' : 'chat frame'}`;

/** A browser of one engine, driven the same way whatever the engine. */
export class BrowserSession {
  constructor(private readonly driver: EngineDriver) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  get version(): string {
    return this.driver.version;
  }

  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }

  reload(): Promise<void> {
    return this.driver.reload();
  }

  /** Clicks the element once it is there and visible. */
  click(target: Target): Promise<void> {
    return this.perform(target, { click: true });
  }

  /**
   * Clicks into the element, as a visitor would, then types `text` at its caret. The click
   * matters in a cross-origin frame: WebKit lets no script, WebDriver's included, move focus
   * into a frame the visitor has not interacted with.
   */
  async type(target: Target, text: string): Promise<void> {
    await this.click(target);
    await this.perform(target, { type: text });
  }

  /** Presses `key` in the element once it is there and visible. */
  press(target: Target, key: Key): Promise<void> {
    return this.perform(target, { press: key });
  }

  /** Resolves once a visible element matches `target`. */
  async waitFor(target: Target): Promise<void> {
    await this.until(target, async () => (await this.driver.evaluate(target.scope, findInPage, target)) !== null);
  }

  evaluate<A, R>(scope: Scope, fn: (arg: A) => R, arg: A): Promise<R> {
    return this.driver.evaluate(scope, fn, arg);
  }

  setViewport(viewport: Viewport): Promise<void> {
    return this.driver.setViewport(viewport);
  }

  /**
   * A PNG of the viewport once the page and the chat frame have rendered what they hold: WebKit's
   * WebDriver snapshot otherwise shows the chat frame as it was before its last change.
   */
  async screenshot(path: string): Promise<void> {
    for (const scope of ['host', 'chat'] as const)
      await this.driver.evaluate(scope, renderingUpdate, null).catch((error: unknown) => {
        if (scope === 'host') throw error;
        // No chat frame (yet): only the page has anything to render.
      });
    return this.driver.screenshot(path);
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  private perform(target: Target, action: Action): Promise<void> {
    return this.until(target, () => this.driver.act(target, action));
  }

  /** Retries `attempt` until it succeeds; the chat frame may not exist yet, which is a retry too. */
  private async until(target: Target, attempt: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    let lastError: unknown;
    for (;;) {
      try {
        if (await attempt()) return;
      } catch (error) {
        lastError = error;
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.engine}: no visible ${whereabouts(target)} after ${WAIT_MS / 1000} s${lastError ? ` (the last try: ${lastError})` : ''}`,
          { cause: lastError },
        );
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
