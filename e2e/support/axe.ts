import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WCAG 2.2 A and AA, as axe tags its rules (2.0, 2.1 and 2.2's additions: 2.2 adds only AA rules
 * axe can check, `target-size`); axe's best-practice rules are not part of the contract
 * (docs/accessibility.md).
 */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The chat frame's document as an axe context: the frame sits in the launcher's (open) shadow
 * root, so it is found through the shadow host first, then `html` inside it.
 */
export const CHAT_FRAME = [['#wren-chat', '#chatwoot_live_chat_widget'], 'html'];

/** The launcher and its window holder, in the shadow root (the chat frame inside it included). */
export const LAUNCHER = '#wren-chat';

/**
 * Runs axe's WCAG 2.2 A/AA rules on `include` (default: the whole page, open shadow roots and
 * frames included) and returns one line per failing element, `rule: target — what to fix`, so a
 * failed `toEqual([])` says what broke and where. Throws when axe checked nothing, so a
 * selector that misses cannot pass silently.
 */
export async function axeViolations(page: Page, include?: string | (string | string[])[]): Promise<string[]> {
  const analyze = () => {
    let builder = new AxeBuilder({ page }).withTags(WCAG_22_AA);
    if (include) builder = builder.include(include as Parameters<AxeBuilder['include']>[0]);
    return builder.analyze();
  };
  let { violations, passes } = await analyze();
  // On a busy machine axe's message to a cross-origin frame can go unanswered, and the frame is
  // then left out: ask again before concluding that the selector missed.
  for (let attempt = 1; passes.length === 0 && attempt < 3; attempt++) {
    await page.waitForTimeout(500 * attempt);
    ({ violations, passes } = await analyze());
  }
  if (passes.length === 0) throw new Error(`axe found nothing to check in ${JSON.stringify(include ?? 'the page')}`);
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) => `${violation.id}: ${JSON.stringify(node.target)} — ${(node.failureSummary ?? violation.help).replace(/\s+/g, ' ')}`,
    ),
  );
}
