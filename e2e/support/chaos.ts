/**
 * The chaos run of issue 21 (docs/behaviour.md#delivery): one visitor writes N messages while
 * the run, drawing from a seeded random, drops the widget's socket, kills server processes
 * (SIGKILL) and starts them again, takes the browser offline, freezes the page, reloads it, and
 * closes the tab for a new one; an agent writes now and then through the Application API. It
 * then counts, from the agent's side, every visitor message stored exactly once and in the
 * order written, and from the visitor's side what the screen shows: every agent message shown,
 * no message on two rows at once at any moment of the run, and at the end, swept from the newest
 * message to the first, each message, the visitor's and the agent's, on a row of its stored id.
 *
 * The same run serves `e2e/chaos.spec.ts` (N = 200, every setup) and `bench/chaos.mjs`
 * (N = 1,000, with the delays). Its seed is printed with every report: `CHAOS_SEED=<seed>` replays
 * the same draws (the timing of the machine is not replayed, only what happens and in which order).
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { agentApiAt } from './agentApi';
import type { OwnServer } from './ownServer';
import { deliveryOf, delays, finalScreen, twiceInOneLook, type ScreenRow } from './chaosCount';
import type { TcpProxy } from './tcpProxy';
import { composerOf, isVisitorSend, WIDGET_FRAME, type AgentViewMessage } from './widgetSession';

/** What the run may do between two messages, and how often, in parts of the whole. */
const DISRUPTIONS = {
  /** Every connection to the widget's server is cut: its socket and any request under way (a flaky network). */
  socket: 3,
  /** A server process dies (SIGKILL) while the visitor writes on, and starts again. */
  kill: 3,
  /** The browser is offline for a moment while the visitor writes on. */
  offline: 3,
  /** The page is frozen (a background tab, a laptop lid) while the agent writes. */
  freeze: 2,
  /** The visitor reloads the page. */
  reload: 2,
  /** The visitor closes the tab and opens the site again in a new one. */
  newTab: 2,
} as const;
export type Disruption = keyof typeof DISRUPTIONS;

/** One disruption every this many messages on average; an agent message every `AGENT_EVERY`. */
const DISRUPT_EVERY = 15;
const AGENT_EVERY = 8;

export interface ChaosSetup {
  name: string;
  /** The customer page that embeds the widget. */
  hostUrl: string;
  /** The relay between the browser and the widget's server (its origin is the page's widget origin). */
  network: TcpProxy;
  /** The processes the run may kill and start again (none of them all at once). */
  killable: OwnServer[];
  /** Where the agent works (Application API), given which processes are down right now. */
  agentOrigin(down: ReadonlySet<OwnServer>): string | undefined;
}

export interface ChaosReport {
  setup: string;
  seed: number;
  messages: number;
  agentMessages: number;
  disruptions: Record<Disruption, number>;
  /** Visitor messages the agent never got, got more than once, or got after a later one. */
  lost: string[];
  doubled: string[];
  reordered: string[];
  /** Agent messages the visitor never saw, or saw as two messages (two ids). */
  agentLost: string[];
  agentDoubled: string[];
  /** Any message, the visitor's or the agent's, on two rows at once (its id twice, or its text twice), during the run or at the end. */
  shownTwice: string[];
  /** Messages, the visitor's or the agent's, that the conversation at the end shows on no row of a stored message. */
  notOnScreen: string[];
  /** Messages the conversation at the end shows under two stored ids. */
  twoIdsOnScreen: string[];
  /**
   * Milliseconds from Enter to the server's acknowledgement (outages included); for a message whose
   * answer was lost, to the first time the visitor's screen showed it stored.
   */
  sendDelayMs: { median: number; worst: number };
  /** Milliseconds from the agent's post to the widget receiving it (outages included). */
  showDelayMs: { median: number; worst: number };
  durationMs: number;
  /** What happened, in order (`v12`: the visitor's 13th message typed; `a3 posted`; `kill :5440`…), to read a failure by. */
  timeline: string[];
}

/** mulberry32: a small seeded generator, so a failing run can be replayed from its seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Every message of the conversation as the agent sees it, oldest first, page by page. */
async function allMessages(origin: string, conversationId: number): Promise<AgentViewMessage[]> {
  const all: AgentViewMessage[] = [];
  for (let after = 0; ; ) {
    const { payload } = await agentApiAt<{ payload: AgentViewMessage[] }>(
      origin,
      'GET',
      `/api/v1/accounts/1/conversations/${conversationId}/messages?after=${after}`,
    );
    if (payload.length === 0) return all;
    all.push(...payload);
    after = payload[payload.length - 1].id;
  }
}

/** The run's mark in a message's text (`c<seed>v12`, `c<seed>a3`). */
const MARK = /c\d+[va]\d+/;

/** What `watchRows` adds to each frame's window. */
interface ChaosWindow {
  /** Every message row on the page carrying a mark: `[mark, data-message-id]`. */
  __chaosRows(): [string, string][];
  /** The binding each look is reported through. */
  __chaosSeen(rows: [string, string][]): void;
}

/**
 * Reports every marked row the widget renders, each time its list changes, through the
 * `__chaosSeen` binding (the frame's list is windowed, so it is watched as it changes rather than
 * read at the end), and lets the run read the rows itself (`__chaosRows`). Runs in every frame.
 */
function watchRows(mark: string) {
  const chaos = window as unknown as ChaosWindow;
  chaos.__chaosRows = () => {
    const rows: [string, string][] = [];
    for (const wrap of document.querySelectorAll('.bubble-wrap[data-message-id]')) {
      const text = new RegExp(mark).exec(wrap.textContent ?? '')?.[0];
      if (text) rows.push([text, wrap.getAttribute('data-message-id') ?? '']);
    }
    return rows;
  };
  let scheduled = false;
  const report = () => {
    scheduled = false;
    const seen = chaos.__chaosRows();
    if (seen.length) chaos.__chaosSeen(seen);
  };
  const start = () =>
    new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(report, 20);
    }).observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

export async function runChaos(
  context: BrowserContext,
  setup: ChaosSetup,
  /** `only`: the disruptions drawn from (all by default), to study one. */
  options: { messages: number; seed: number; only?: readonly Disruption[] },
): Promise<ChaosReport> {
  const { messages, seed } = options;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const between = (min: number, max: number) => Math.round(min + random() * (max - min));
  const started = Date.now();
  const mark = (kind: 'v' | 'a', i: number) => `c${seed}${kind}${i}`;
  const timeline: string[] = [];
  const note = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);

  // What the visitor typed and when, and when the server first acknowledged each.
  const typedAt = new Map<string, number>();
  const ackedAt = new Map<string, number>();
  let conversationId: number | undefined;
  // When the widget first received each agent message: a realtime frame, or the answer to a GET of
  // messages (a gap fill, a page's first load). Shown comes later for one a gap fill puts above the view.
  const AGENT_MARK = /c\d+a\d+/g;
  const arrivedAt = new Map<string, number>();
  const arrived = (payload: string | Buffer) => {
    for (const [text] of String(payload).matchAll(AGENT_MARK)) if (!arrivedAt.has(text)) arrivedAt.set(text, Date.now());
  };
  context.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().method() === 'GET' && pathname === '/api/v1/widget/messages' && response.ok())
      response.text().then(arrived, () => undefined);
    if (!isVisitorSend(response.request()) || !response.ok()) return;
    response.json().then(
      (created: { content: string | null; conversation_id: number }) => {
        conversationId ??= created.conversation_id;
        if (created.content && !ackedAt.has(created.content)) ackedAt.set(created.content, Date.now());
      },
      () => undefined, // the page went away with the body
    );
  });

  // What the agent wrote and when, and every bubble the visitor was shown.
  const postedAt = new Map<string, number>();
  const shownAt = new Map<string, number>();
  const shownIds = new Map<string, Set<string>>();
  // When each message was first shown under a server id: the widget knew it stored.
  const shownStoredAt = new Map<string, number>();
  const shownTwice = new Set<string>();
  await context.exposeBinding('__chaosSeen', (_source, seen: [string, string][]) => {
    for (const text of twiceInOneLook(seen)) shownTwice.add(text);
    for (const [text, id] of seen) {
      if (!shownAt.has(text)) {
        shownAt.set(text, Date.now());
        if (text.includes('a')) note(`${text} shown`);
      }
      if (!shownIds.has(text)) shownIds.set(text, new Set());
      shownIds.get(text)?.add(id);
      if (/^\d+$/.test(id) && !shownStoredAt.has(text)) shownStoredAt.set(text, Date.now());
    }
  });
  await context.addInitScript(watchRows, MARK.source);

  const down = new Set<OwnServer>();
  const disruptions = Object.fromEntries(Object.keys(DISRUPTIONS).map((k) => [k, 0])) as Record<Disruption, number>;
  const weighted = (Object.entries(DISRUPTIONS) as [Disruption, number][])
    .filter(([name]) => options.only?.includes(name) ?? true)
    .flatMap(([name, weight]) => Array(weight).fill(name));

  let typed = 0;
  let agentWrote = 0;

  /** A new tab on the site, the chat open on the conversation. */
  async function open(first: boolean): Promise<Page> {
    const opened = await context.newPage();
    opened.on('websocket', (socket) => socket.on('framereceived', (frame) => arrived(frame.payload)));
    await opened.goto(setup.hostUrl);
    await openChat(opened, first);
    return opened;
  }
  async function openChat(on: Page, first = false) {
    await on.getByRole('button', { name: 'Chat with us' }).click();
    if (first) await on.frameLocator(WIDGET_FRAME).getByRole('button', { name: 'Start Conversation' }).click();
    await expect(composerOf(on.frameLocator(WIDGET_FRAME))).toBeVisible({ timeout: 30_000 });
  }
  let page = await open(true);

  async function type(count: number) {
    for (let n = 0; n < count && typed < messages; n++) {
      const text = mark('v', typed++);
      const composer = composerOf(page.frameLocator(WIDGET_FRAME));
      await composer.fill(text);
      typedAt.set(text, Date.now());
      await composer.press('Enter');
    }
  }

  async function agentWrites() {
    const origin = setup.agentOrigin(down);
    if (conversationId === undefined || origin === undefined) return;
    const text = mark('a', agentWrote++);
    note(`${text} posted after v${typed - 1}`);
    postedAt.set(text, Date.now());
    // Every other one in markdown: its bubble is redrawn once the markdown chunk arrives, which
    // may be in the middle of an outage.
    await agentApiAt(origin, 'POST', `/api/v1/accounts/1/conversations/${conversationId}/messages`, {
      message_type: 'outgoing',
      content: agentWrote % 2 ? text : `**${text}**`,
    });
  }

  /**
   * Every message typed so far stored by the server. Most are known by the answer to their send;
   * one whose answer was lost may never be sent again (its echo came with a gap fill first), so
   * the rest are looked for in the conversation. Such a one was acknowledged when the widget
   * learnt it stored: the first time the screen showed it under a server id (else now).
   */
  async function outboxEmpty() {
    const unacknowledged = () => [...typedAt.keys()].filter((text) => !ackedAt.has(text));
    await expect
      .poll(
        async () => {
          const origin = setup.agentOrigin(down);
          if (unacknowledged().length && origin !== undefined && conversationId !== undefined) {
            const stored = new Set((await allMessages(origin, conversationId)).map((m) => m.content));
            for (const text of unacknowledged())
              if (stored.has(text)) {
                ackedAt.set(text, shownStoredAt.get(text) ?? Date.now());
                note(`${text} found stored`);
              }
          }
          return unacknowledged();
        },
        { timeout: 90_000, message: `[seed ${seed}] the visitor's messages reach the server` },
      )
      .toEqual([]);
  }

  /**
   * Every agent message written so far shown in the widget. The list renders only a window around
   * what is in view, and a gap fill puts what it brings among the visitor's own messages, above the
   * view: the visitor scrolls up a screen at a time to read them, as a person would, and from the
   * top goes back to the newest (End), where what is still to come will show.
   */
  async function agentMessagesShown() {
    const unseen = () => [...postedAt.keys()].filter((text) => !shownAt.has(text));
    const frame = page.frameLocator(WIDGET_FRAME);
    const scroller = frame.locator('.messages__scroller');
    const newest = () => frame.getByRole('log').press('End');
    await expect
      .poll(
        async () => {
          if (unseen().length === 0) return [];
          const atTop = await scroller.evaluate((el) => {
            const top = el.scrollTop <= 0;
            el.scrollTop -= el.clientHeight;
            return top;
          });
          if (atTop) await newest();
          return unseen();
        },
        { timeout: 60_000, intervals: [200], message: `[seed ${seed}] the agent's messages reach the visitor` },
      )
      .toEqual([]);
    await newest();
  }

  /**
   * The conversation as the last page shows it, from the newest message up to the first, half a
   * screen at a time (the list is windowed, and brings older history in as the top comes near):
   * every look at the rows on the way.
   */
  async function sweepTheScreen(): Promise<ScreenRow[][]> {
    const frame = page.frameLocator(WIDGET_FRAME);
    await frame.getByRole('log').press('End');
    const looks: ScreenRow[][] = [];
    const first = mark('v', 0);
    await expect
      .poll(
        async () => {
          const { rows, top } = await frame.locator('.messages__scroller').evaluate((el) => {
            const rows = (window as unknown as ChaosWindow).__chaosRows();
            const top = el.scrollTop <= 0;
            el.scrollTop -= el.clientHeight / 2;
            return { rows, top };
          });
          looks.push(rows);
          return top && rows.some(([text]) => text === first);
        },
        {
          timeout: 120_000 + messages * 100,
          intervals: [100],
          message: `[seed ${seed}] the conversation can be read up to its first message`,
        },
      )
      .toBe(true);
    return looks;
  }

  async function disrupt(kind: Disruption) {
    disruptions[kind]++;
    note(`${kind} after v${typed - 1}`);
    switch (kind) {
      case 'socket':
        note(`cut ${setup.network.cutAll()} connection(s)`);
        await type(between(1, 4));
        return;
      case 'kill': {
        const process = pick(setup.killable);
        note(`killing ${process.origin}`);
        down.add(process);
        await process.kill();
        await type(between(1, 5));
        await agentWrites();
        await sleep(between(200, 2_000));
        await process.start();
        down.delete(process);
        return;
      }
      case 'offline':
        await context.setOffline(true);
        await type(between(1, 5));
        await agentWrites();
        await sleep(between(200, 2_000));
        await context.setOffline(false);
        return;
      case 'freeze': {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
        await agentWrites();
        await sleep(between(300, 2_000));
        await cdp.send('Page.setWebLifecycleState', { state: 'active' });
        await cdp.detach();
        return;
      }
      case 'reload':
      case 'newTab':
        // Whatever the outbox still holds goes from the next page (docs/behaviour.md#the-outbox-across-pages).
        // What the agent wrote before reached this page (it is counted on the page it was meant for).
        await agentMessagesShown();
        if (kind === 'reload') {
          await page.reload();
          await openChat(page);
        } else {
          await page.close();
          page = await open(false);
        }
        return;
    }
  }

  let looks: ScreenRow[][] = [];
  try {
    await type(1);
    await outboxEmpty();
    while (typed < messages) {
      if (random() < 1 / DISRUPT_EVERY) await disrupt(pick(weighted));
      if (random() < 1 / AGENT_EVERY) await agentWrites();
      await type(1);
    }
    await outboxEmpty();
    await agentMessagesShown();
    looks = await sweepTheScreen();
  } catch (error) {
    // What led there, to read the failure by (and CHAOS_SEED to replay it).
    if (error instanceof Error) error.message += `\n\nchaos ${setup.name}, seed ${seed}:\n${timeline.join('\n')}`;
    throw error;
  }

  const origin = setup.agentOrigin(down);
  if (origin === undefined || conversationId === undefined) throw new Error('no conversation to read');
  const stored = (await allMessages(origin, conversationId)).map((m) => m.content ?? '');
  const written = [...typedAt.keys()];
  await page.close();
  const agentTexts = [...postedAt.keys()];
  for (const look of looks) for (const text of twiceInOneLook(look)) shownTwice.add(text);
  const atTheEnd = finalScreen([...written, ...agentTexts], looks);
  return {
    setup: setup.name,
    seed,
    messages,
    agentMessages: agentTexts.length,
    disruptions,
    ...deliveryOf(written, stored),
    agentLost: agentTexts.filter((text) => !shownAt.has(text)),
    agentDoubled: agentTexts.filter((text) => (shownIds.get(text)?.size ?? 0) > 1),
    shownTwice: [...shownTwice],
    notOnScreen: atTheEnd.notShown,
    twoIdsOnScreen: atTheEnd.twoIds,
    sendDelayMs: delays(written, typedAt, ackedAt),
    showDelayMs: delays(agentTexts, postedAt, arrivedAt),
    durationMs: Date.now() - started,
    timeline,
  };
}

/** The report as one line, for the test's output and the bench's table. */
export function describeReport(report: ChaosReport): string {
  const happened = Object.entries(report.disruptions)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  return (
    `chaos ${report.setup} seed=${report.seed}: ${report.messages} visitor + ${report.agentMessages} agent messages in ` +
    `${(report.durationMs / 1000).toFixed(0)} s (${happened}); lost ${report.lost.length}, doubled ${report.doubled.length}, ` +
    `reordered ${report.reordered.length}; agent lost ${report.agentLost.length}, doubled ${report.agentDoubled.length}; ` +
    `shown twice ${report.shownTwice.length}; at the end not on screen ${report.notOnScreen.length}, under two ids ${report.twoIdsOnScreen.length}; ` +
    `send delay median ${report.sendDelayMs.median} ms, worst ${report.sendDelayMs.worst} ms; ` +
    `agent message to the widget: median ${report.showDelayMs.median} ms, worst ${report.showDelayMs.worst} ms`
  );
}
