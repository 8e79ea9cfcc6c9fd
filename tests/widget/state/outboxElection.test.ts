import { createElection, type Locks } from '../../../src/widget/state/outboxElection';

/** Web Locks as one browser profile holds them for every tab: exclusive, by name. */
function fakeLocks() {
  const held: { name: string }[] = [];
  const queues = new Map<string, Promise<unknown>>();
  const locks = {
    request(name: string, task: () => Promise<unknown>) {
      const before = queues.get(name) ?? Promise.resolve();
      const run = before.then(() => {
        const lock = { name };
        held.push(lock);
        return Promise.resolve(task()).finally(() => held.splice(held.indexOf(lock), 1));
      });
      queues.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
    query: () => Promise.resolve({ held: [...held], pending: [] }),
  };
  return locks as unknown as Locks;
}

describe('which tab sends a stored message', () => {
  it('counts a tab alive for as long as it holds its lock, and only tabs of its own inbox', async () => {
    const locks = fakeLocks();
    const first = createElection('inbox-1', locks);
    const second = createElection('inbox-1', locks);
    const elsewhere = createElection('inbox-2', locks);
    await Promise.resolve();
    const [seenByFirst, seenElsewhere] = [await first.living(), await elsewhere.living()];
    expect([first.tab, second.tab, elsewhere.tab, 'closed'].map(seenByFirst)).toEqual([true, true, false, false]);
    expect([first.tab, elsewhere.tab].map(seenElsewhere)).toEqual([false, true]);
  });

  it('runs one adoption at a time across the tabs of an inbox', async () => {
    const locks = fakeLocks();
    const [first, second] = [createElection('inbox-1', locks), createElection('inbox-1', locks)];
    const order: string[] = [];
    let release!: () => void;
    const slow = first.exclusive(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
    });
    const next = second.exclusive(async () => order.push('second'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order).toEqual(['first starts']);
    release();
    await Promise.all([slow, next]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });

  it('without Web Locks knows only its own tab alive: it takes on every other entry, which the server stores once', async () => {
    const election = createElection('inbox-1', undefined);
    const alive = await election.living();
    expect([election.tab, 'another'].map(alive)).toEqual([true, false]);
    await expect(election.exclusive(async () => 'ran')).resolves.toBe('ran');
  });
});

describe('which tab sends a stored message, where the browser refuses Web Locks to a cross-site frame', () => {
  const refused = () => Promise.reject(new DOMException('The request was denied.', 'SecurityError'));
  const refusingLocks = { request: vi.fn(refused), query: vi.fn(refused) } as unknown as Locks;

  it('still takes entries on, as a browser without Web Locks does', async () => {
    const election = createElection('inbox-1', refusingLocks);
    await expect(election.exclusive(async () => 'taken on')).resolves.toBe('taken on');
  });

  it('counts only itself alive, so it adopts what another tab left', async () => {
    const election = createElection('inbox-1', refusingLocks);
    const alive = await election.living();
    expect([election.tab, 'another tab'].map(alive)).toEqual([true, false]);
  });
});
