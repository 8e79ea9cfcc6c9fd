import { readFileSync } from 'node:fs';

/**
 * The size limits are raised one line at a time, as visible decisions; this keeps every raise
 * under the ceiling docs/performance.md#budgets sets, and that page's size table in step with the config.
 */
interface Entry {
  name: string;
  limit: string;
}

const entries: Entry[] = JSON.parse(readFileSync(new URL('../.size-limit.json', import.meta.url), 'utf8'));
const sizeTable = readFileSync(new URL('../docs/performance.md', import.meta.url), 'utf8');
const kb = (text: string) => Number(/([\d.]+)\s*KB/i.exec(text)?.[1]);

describe('size budgets', () => {
  const CEILING = /[(;] ?ceiling ([\d.]+) KB\)/;

  it.each(entries.filter((e) => CEILING.test(e.name)).map((e) => [e.name, e] as const))('%s stays under its ceiling', (_name, entry) => {
    expect(kb(entry.limit)).toBeLessThanOrEqual(Number(CEILING.exec(entry.name)![1]));
  });

  it('names its ceiling, or says why it is over one, for every entry', () => {
    for (const entry of entries) expect(entry.name).toMatch(/[(;] ?ceiling [\d.]+ KB\)|over the [\d.]+ KB ceiling: /);
  });

  it('quotes no size in docs/performance.md above the limit the config enforces', () => {
    const rows = [...sizeTable.matchAll(/^\| (.+?) \| ([\d.]+) KB \| ([\d.]+) KB/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const limits = entries.map((e) => kb(e.limit));
    for (const [, what, size] of rows) {
      // Every quoted size must be covered by some enforced limit at least as large.
      expect(
        limits.some((limit) => limit >= Number(size)),
        `${what}: ${size} KB`,
      ).toBe(true);
    }
  });
});
