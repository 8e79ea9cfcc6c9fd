/**
 * The chaos run's counting (e2e/support/chaos.ts), kept apart from the browser so its own tests
 * (tests/e2e/chaosCount.test.ts) show that it does see a loss, a copy or a swap, in the store and
 * on the visitor's screen.
 */

/**
 * How the messages written reached the store: missing, more than once, or out of place (each
 * message written whose first copy is stored after that of a message written later).
 */
export function deliveryOf(written: string[], stored: string[]): { lost: string[]; doubled: string[]; reordered: string[] } {
  const copies = new Map<string, number>();
  const firstPlace = new Map<string, number>();
  stored.forEach((text, place) => {
    copies.set(text, (copies.get(text) ?? 0) + 1);
    if (!firstPlace.has(text)) firstPlace.set(text, place);
  });
  const arrived = written.filter((text) => firstPlace.has(text));
  const laterStoredEarlier = (text: string, i: number) =>
    arrived.slice(i + 1).some((later) => (firstPlace.get(later) ?? 0) < (firstPlace.get(text) ?? 0));
  return {
    lost: written.filter((text) => !copies.has(text)),
    doubled: written.filter((text) => (copies.get(text) ?? 0) > 1),
    reordered: arrived.filter(laterStoredEarlier),
  };
}

/** A message's row as the visitor's screen shows it: the run's mark in its text, and its `data-message-id`. */
export type ScreenRow = readonly [mark: string, id: string];

/**
 * The messages on more than one row in one look at the screen: one id rendered twice, or one
 * text on two rows (a message stored twice, or a local copy beside the stored message).
 */
export function twiceInOneLook(rows: readonly ScreenRow[]): string[] {
  const twice = new Set<string>();
  const marks = new Set<string>();
  const ids = new Map<string, string>();
  for (const [mark, id] of rows) {
    if (marks.has(mark)) twice.add(mark);
    if (ids.has(id)) twice.add(ids.get(id) ?? mark);
    marks.add(mark);
    ids.set(id, mark);
  }
  return [...twice];
}

/**
 * What the conversation shows at the end, from every look of a sweep through it from the newest
 * message to the first: the messages written that no row shows as stored (a server id, not a local
 * copy's), and those shown under more than one server id.
 */
export function finalScreen(written: string[], looks: readonly (readonly ScreenRow[])[]): { notShown: string[]; twoIds: string[] } {
  const storedIds = new Map<string, Set<string>>();
  for (const [mark, id] of looks.flat()) if (/^\d+$/.test(id)) storedIds.set(mark, (storedIds.get(mark) ?? new Set()).add(id));
  return {
    notShown: written.filter((mark) => !storedIds.has(mark)),
    twoIds: written.filter((mark) => (storedIds.get(mark)?.size ?? 0) > 1),
  };
}

/** Median and worst of the milliseconds from `from` to `to`, over the texts that have both. */
export function delays(texts: string[], from: Map<string, number>, to: Map<string, number>) {
  const values = texts.flatMap((text) => {
    const start = from.get(text);
    const end = to.get(text);
    return start === undefined || end === undefined ? [] : [end - start];
  });
  return { median: percentile(values, 0.5), worst: percentile(values, 1) };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);
}
