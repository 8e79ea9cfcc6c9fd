import { expect, type BrowserContext, type Page } from '@playwright/test';
import { E2E } from '../ports';

/** What the probe installed by `probeLoader` has seen in the page. */
export interface LoaderProbe {
  violations: string[];
  events: { name: string; detail: unknown }[];
  readyBeforeAfterRun: boolean | null;
}

declare global {
  interface Window {
    e2eProbe: LoaderProbe;
    e2eAfterRun?: () => void;
  }
}

/**
 * Records, from the page's first script on, every CSP violation (the event is composed, so
 * violations inside the launcher's shadow root reach `document`) and every `chatwoot:*` host
 * event with its detail.
 */
export async function probeLoader(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const probe: LoaderProbe = { violations: [], events: [], readyBeforeAfterRun: null };
    window.e2eProbe = probe;
    document.addEventListener('securitypolicyviolation', (e) => probe.violations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
    for (const name of ['ready', 'error', 'opened', 'closed', 'on-message', 'postback', 'team-availability']) {
      addEventListener(`chatwoot:${name}`, (e) => probe.events.push({ name: e.type, detail: (e as CustomEvent).detail }));
    }
  });
}

/** The `chatwoot:*` events the page has seen, by name. */
export const hostEvents = (page: Page, name: string) =>
  page.evaluate((n) => window.e2eProbe.events.filter((e) => e.name === n).map((e) => e.detail), name);

/** The host page's cookie of that name, or undefined. */
export async function hostCookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(E2E.hostOrigin)).find((cookie) => cookie.name === name)?.value;
}

/** Waits until the chat frame has said `loaded` to the loader. */
export async function frameLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => window.$chatwoot?.hasLoaded === true)).toBe(true);
}

/** Requests that start or use a visitor session: the widget page, the cable, the widget API. */
export const isSessionRequest = (url: string) => {
  const { origin, pathname } = new URL(url);
  return origin === E2E.widgetOrigin && /^\/(widget|cable|api\/v1\/widget\/)/.test(pathname);
};

export const isCampaignsRequest = (url: string) => new URL(url).pathname === '/api/v1/widget/campaigns';
