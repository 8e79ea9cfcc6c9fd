/**
 * Spreads a periodic chore over the ticks of its period: members join the smallest of `slices`
 * groups, and each tick hands out one group in turn, so each member comes up once per period.
 * The cable pings its clients this way: a broadcast then never queues behind a ping to every
 * socket at once, only behind a slice of them.
 */
export class Rota<T> {
  private readonly groups: Set<T>[];
  private readonly groupOf = new Map<T, Set<T>>();

  constructor(readonly slices: number) {
    this.groups = Array.from({ length: slices }, () => new Set<T>());
  }

  add(member: T): void {
    if (this.groupOf.has(member)) return;
    const smallest = this.groups.reduce((a, b) => (b.size < a.size ? b : a));
    smallest.add(member);
    this.groupOf.set(member, smallest);
  }

  delete(member: T): void {
    this.groupOf.get(member)?.delete(member);
    this.groupOf.delete(member);
  }

  /** The members whose turn tick `tick` (0, 1, 2, …) is. */
  due(tick: number): ReadonlySet<T> {
    return this.groups[tick % this.slices];
  }
}
