import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { e2eSlot, SLOT_PORTS } from '../../e2e/ports';

// Each Playwright worker owns SLOT_PORTS ports from its widget port up (e2e/ports.ts): a spec
// that starts a server of its own at `widgetPort + n` must keep n below that, or it would take a
// port of the next worker's slot while that worker runs.

const E2E_DIR = new URL('../../e2e', import.meta.url).pathname;
const sources = readdirSync(E2E_DIR, { recursive: true, encoding: 'utf8' }).filter((path) => /\.(ts|mjs)$/.test(path));

describe("the e2e workers' ports", () => {
  it('gives each slot its own block', () => {
    expect(e2eSlot(1).widgetPort - e2eSlot(0).widgetPort).toBe(SLOT_PORTS);
    expect(e2eSlot(0).hostPort).toBe(e2eSlot(0).widgetPort + 1);
  });

  it('finds every port a spec derives from its widget port inside its own block', () => {
    const offsets = sources.flatMap((path) =>
      [...readFileSync(join(E2E_DIR, path), 'utf8').matchAll(/\b(?:widgetPort|PORT) \+ (\d+)/g)].map((match) => ({
        path,
        offset: Number(match[1]),
      })),
    );
    // The scan finds the specs' servers at all (restart, gateway, chaos …), not an empty list.
    expect(offsets.length).toBeGreaterThan(10);
    expect(offsets.filter(({ offset }) => offset >= SLOT_PORTS)).toEqual([]);
  });
});
