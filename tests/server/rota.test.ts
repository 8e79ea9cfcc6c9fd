import { Rota } from '../../server/realtime/rota';

/** Who comes up over `ticks` consecutive ticks from `from`, in order. */
const turns = (rota: Rota<string>, from: number, ticks: number) => Array.from({ length: ticks }, (_, i) => [...rota.due(from + i)]).flat();

describe('Rota', () => {
  it('brings every member up once per period, a slice at a time', () => {
    const rota = new Rota<string>(4);
    const members = Array.from({ length: 10 }, (_, i) => `c${i}`);
    for (const member of members) rota.add(member);
    for (const start of [0, 4, 8, 13]) expect(turns(rota, start, 4).sort()).toEqual([...members].sort());
    // Slices differ by at most one member.
    const sizes = [0, 1, 2, 3].map((tick) => rota.due(tick).size);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('forgets a member that leaves, and fills the emptiest slice next', () => {
    const rota = new Rota<string>(3);
    for (const member of ['a', 'b', 'c', 'd']) rota.add(member);
    rota.delete('b');
    rota.delete('b');
    expect(turns(rota, 0, 3).sort()).toEqual(['a', 'c', 'd']);
    const emptiest = [0, 1, 2].find((tick) => rota.due(tick).size === 0);
    rota.add('e');
    rota.add('e');
    expect([...rota.due(emptiest as number)]).toEqual(['e']);
    expect(turns(rota, 0, 3)).toHaveLength(4);
  });
});
