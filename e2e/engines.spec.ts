import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import ar from '../locales/ar.json' with { type: 'json' };
import { E2E } from './ports';
import { engineTest as test } from './support/engines/engineTest';
import { type BrowserSession, ENGINES, type Target } from './support/engines/engines';
import { installSimulatedKeyboard, setKeyboard } from './support/keyboard';
import { agentSays, conversationWithMessage } from './support/settings';

// The cross-engine smoke (docs/contributing.md#the-three-engines): one visitor's chat, described once,
// in Chromium, Firefox ESR and WebKitGTK. It is a Playwright spec because the e2e run already
// serves the widget and a host page on another origin; Firefox and WebKit are launched by the
// test itself, since Playwright drives only its own patched builds of them, which cannot be
// downloaded here. Screenshots of each step land in test-results/engines/<engine>/.

const DESKTOP = { width: 1024, height: 768 };
/** The narrowest phone the widget supports. */
const PHONE = { width: 320, height: 640 };
/** A common phone, and what stays visible of it with the on-screen keyboard up. */
const TALL_PHONE = { width: 390, height: 844 };
const KEYBOARD_UP = 450;

const LAUNCHER: Target = { scope: 'host', css: '.root > button.bubble' };
const START: Target = { scope: 'chat', css: 'button', name: 'Start Conversation' };
const COMPOSER: Target = { scope: 'chat', css: 'textarea.composer__input' };
const EMOJI_BUTTON: Target = { scope: 'chat', css: 'button', name: 'Insert emoji' };
const GRINNING_FACE: Target = { scope: 'chat', css: '[role="dialog"] [role="gridcell"]', name: 'grinning face' };

/** What the launcher's shadow root holds and where its bubble sits in the viewport. */
const launcherState = () => {
  const shadow = document.getElementById('wren-chat')?.shadowRoot;
  const bubble = shadow?.querySelector('button.bubble')?.getBoundingClientRect();
  const viewport = document.documentElement;
  return {
    mode: shadow?.mode ?? null,
    adoptedSheets: (shadow?.adoptedStyleSheets.length ?? 0) > 0,
    lightDomButtons: document.querySelectorAll('button').length,
    fromRight: bubble ? Math.round(viewport.clientWidth - bubble.right) : null,
    fromBottom: bubble ? Math.round(viewport.clientHeight - bubble.bottom) : null,
  };
};

/** The chat window has finished sliding in (a click during the slide lands where a control was). */
const windowSettled = () => document.getElementById('wren-chat')?.shadowRoot?.querySelector('.window')?.getAnimations().length === 0;

const logText = () => document.querySelector('[role="log"]')?.textContent ?? '';

/**
 * Where things sit across the line, as the x of their centres: the newest visitor and agent
 * bubbles, the composer's input and its send button.
 */
const lineLayout = () => {
  const centre = (css: string) => {
    const all = document.querySelectorAll(css);
    const rect = all[all.length - 1]?.getBoundingClientRect();
    return rect ? rect.left + rect.width / 2 : Number.NaN;
  };
  return {
    dir: document.documentElement.dir,
    lang: document.documentElement.lang,
    visitor: centre('.bubble--visitor'),
    agent: centre('.bubble--agent'),
    input: centre('textarea.composer__input'),
    send: centre('.composer__send'),
    composerName: document.querySelector('textarea.composer__input')?.getAttribute('aria-label'),
  };
};

/**
 * Where the chat window sits in the host's layout viewport (the window less a classic scrollbar,
 * as Firefox draws one), and whether the launcher shows beside it.
 */
const windowPlacement = () => {
  const shadow = document.getElementById('wren-chat')!.shadowRoot!;
  const frame = shadow.querySelector('iframe')!.getBoundingClientRect();
  const viewport = document.documentElement;
  return {
    window: [innerWidth, innerHeight],
    frameFillsViewport:
      [frame.left, frame.top, frame.width, frame.height].map(Math.round).join() ===
      [0, 0, viewport.clientWidth, viewport.clientHeight].join(),
    launcherShown: shadow.querySelector('button.bubble')!.getClientRects().length > 0,
  };
};

/** How far the composer's controls reach past the frame's right edge (0 when they all fit). */
const composerOverflow = () =>
  Math.max(
    0,
    ...[...document.querySelectorAll('.composer, .composer button')].map((element) => element.getBoundingClientRect().right - innerWidth),
  );

/**
 * Where the composer and the newest message end, and the message list's bottom, in the chat
 * frame's own coordinates.
 */
const bottoms = () => {
  const bottom = (css: string) => [...document.querySelectorAll(css)].at(-1)!.getBoundingClientRect().bottom;
  return { composer: bottom('.composer'), newest: bottom('.message-row'), list: bottom('.messages__scroller') };
};

/** The chat frame's top in the host page's viewport, and how far the page is scrolled. */
const frameTop = () => ({
  frame: document.getElementById('wren-chat')!.shadowRoot!.querySelector('iframe')!.getBoundingClientRect().top,
  scrolled: scrollY,
});

/** The composer's box shows all it holds (its placeholder, while empty): nothing is scrolled out of sight. */
const composerShowsAll = () => {
  const box = document.querySelector('textarea')!;
  return box.scrollHeight <= box.clientHeight;
};

/** How the chat's page is styled: by adopted sheets alone, its first paint's first (it rides in the first paint's script). */
const chatStyling = () => ({
  // Elements, not document.styleSheets: WebKitGTK lists adopted sheets there too.
  linked: document.querySelectorAll('link[rel~="stylesheet"], style').length,
  firstPaintSheetFirst: [...(document.adoptedStyleSheets[0]?.cssRules ?? [])].some((rule) => rule.cssText.includes('--widget-color')),
});

/** The launcher, the chat window open on it, and the host page around them. */
async function openChat(session: BrowserSession): Promise<void> {
  await session.click(LAUNCHER);
  await expect.poll(() => session.evaluate('host', () => window.$chatwoot?.hasLoaded === true, null)).toBe(true);
  await expect.poll(() => session.evaluate('host', windowSettled, null)).toBe(true);
}

/**
 * The smoke, in whatever engine `session` drives: a host page on another origin → the launcher
 * in its shadow root → open → send → the agent's reply arrives live → the emoji picker →
 * `setLocale('ar')` turns the widget right-to-left → a reload keeps the conversation → a 320 px
 * wide phone gets the chat full screen → a taller one's keyboard leaves the composer in view.
 */
async function chatSmoke(session: BrowserSession, screenshot: (step: string) => Promise<void>): Promise<void> {
  const question = `Hello from ${session.engine} ${Date.now()}`;
  const reply = `Hi ${session.engine}, how can I help?`;

  await test.step('the launcher paints in its own shadow root on the host page', async () => {
    await session.goto(`${E2E.hostOrigin}/`);
    await session.waitFor(LAUNCHER);
    const launcher = await session.evaluate('host', launcherState, null);
    expect(launcher).toEqual({
      mode: 'open',
      // Styled by constructable stylesheets alone (the host page's CSP forbids inline styles)...
      adoptedSheets: true,
      // ...and nothing of Wren's in the host's own DOM.
      lightDomButtons: 0,
      // The bubble's fixed place, 20 px from the viewport's corner (launcher.css): only there if the sheet applied.
      fromRight: 20,
      fromBottom: 20,
    });
    await screenshot('1-launcher');
  });

  await test.step('open, send, and the agent replies live', async () => {
    await openChat(session);
    expect(await session.evaluate('chat', chatStyling, null)).toEqual({ linked: 0, firstPaintSheetFirst: true });
    await session.click(START);
    await session.type(COMPOSER, question);
    await session.press(COMPOSER, 'Enter');
    await expect.poll(() => session.evaluate('chat', logText, null)).toContain(question);

    await expect.poll(() => conversationWithMessage(question), { timeout: 10_000 }).not.toBeNull();
    const conversation = await conversationWithMessage(question);
    await agentSays(conversation!.id, reply);
    await expect.poll(() => session.evaluate('chat', logText, null)).toContain(reply);
    await screenshot('2-conversation');
  });

  await test.step('an emoji from the picker is sent', async () => {
    await session.click(EMOJI_BUTTON);
    await session.waitFor(GRINNING_FACE);
    await screenshot('3-emoji-picker');
    await session.click(GRINNING_FACE);
    await expect.poll(() => session.evaluate('chat', () => document.querySelector('textarea')?.value, null)).toBe('😀');
    await session.press(COMPOSER, 'Enter');
    await expect.poll(() => session.evaluate('chat', logText, null)).toContain('😀');
  });

  await test.step("setLocale('ar') mirrors the widget right-to-left", async () => {
    // Left to right first: the visitor's messages and the send button sit at the end of the line.
    const ltr = await session.evaluate('chat', lineLayout, null);
    expect(ltr).toMatchObject({ dir: 'ltr', lang: 'en' });
    expect(ltr.visitor).toBeGreaterThan(ltr.agent);
    expect(ltr.send).toBeGreaterThan(ltr.input);

    await session.evaluate('host', () => window.$chatwoot!.setLocale('ar'), null);
    await expect.poll(async () => (await session.evaluate('chat', lineLayout, null)).composerName).toBe(ar['COMPOSER.PLACEHOLDER']);
    const rtl = await session.evaluate('chat', lineLayout, null);
    expect(rtl).toMatchObject({ dir: 'rtl', lang: 'ar' });
    expect(rtl.visitor).toBeLessThan(rtl.agent);
    expect(rtl.send).toBeLessThan(rtl.input);
    await screenshot('4-rtl');
  });

  await test.step('a reload keeps the conversation', async () => {
    await session.reload();
    await openChat(session);
    for (const text of [question, reply, '😀']) await expect.poll(() => session.evaluate('chat', logText, null)).toContain(text);
    await screenshot('5-after-reload');
  });

  await test.step('on a 320 px wide phone the chat fills the screen', async () => {
    await session.setViewport(PHONE);
    await expect
      .poll(() => session.evaluate('host', windowPlacement, null))
      .toEqual({
        window: [PHONE.width, PHONE.height],
        frameFillsViewport: true,
        // The widget's header closes it there.
        launcherShown: false,
      });
    expect(await session.evaluate('chat', composerOverflow, null)).toBe(0);
    // The box grows to a few lines rather than hide all but one (Safari before 26.2 has no field-sizing).
    await expect.poll(() => session.evaluate('chat', composerShowsAll, null)).toBe(true);
    await screenshot('6-phone');
    await session.type(COMPOSER, 'Could you check my order and tell me when it ships?');
    await expect.poll(() => session.evaluate('chat', composerShowsAll, null)).toBe(true);
    await screenshot('7-phone-draft');
  });

  await test.step('with the keyboard up on a 390 × 844 phone, the composer and the newest message stay in view', async () => {
    await session.setViewport(TALL_PHONE);
    // The keyboard is simulated (support/keyboard.ts); the loader reads it when the chat opens.
    await session.evaluate('host', installSimulatedKeyboard, null);
    await session.evaluate('host', () => window.$chatwoot!.toggle('close'), null);
    await session.evaluate('host', () => scrollTo(0, 300), null);
    await session.evaluate('host', () => window.$chatwoot!.toggle('open'), null);
    await expect.poll(() => session.evaluate('host', windowSettled, null)).toBe(true);
    await session.evaluate('host', setKeyboard, [KEYBOARD_UP, 0]);
    const inHost = async () => {
      const [{ frame, scrolled }, chat] = await Promise.all([
        session.evaluate('host', frameTop, null),
        session.evaluate('chat', bottoms, null),
      ]);
      return { composer: frame + chat.composer <= KEYBOARD_UP, newest: chat.newest <= chat.list + 1, scrolled };
    };
    await expect.poll(inHost).toEqual({ composer: true, newest: true, scrolled: 300 });
    await screenshot('8-phone-keyboard');
  });
}

for (const engine of ENGINES)
  test.describe(engine.title, () => {
    test.use({ engine, viewport: DESKTOP });
    // A give-up limit for launching a browser and a dozen steps on a shared machine, not a speed claim.
    test.describe.configure({ timeout: 120_000 });

    test('a visitor chats across origins', async ({ session }, testInfo) => {
      const shots = join(testInfo.project.outputDir, 'engines', engine.name);
      mkdirSync(shots, { recursive: true });
      await chatSmoke(session, (step) => session.screenshot(join(shots, `${step}.png`)));
    });
  });
