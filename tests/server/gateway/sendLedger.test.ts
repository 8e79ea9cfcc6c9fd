import { describe, expect, it } from 'vitest';
import { type AnsweredSend, MemorySendLedger } from '../../../server/gateway/sendLedger';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';

const answered = (messageId: number, body = '{}'): AnsweredSend => ({
  state: 'answered',
  token: 't',
  messageId,
  status: 200,
  contentType: 'application/json',
  body,
});

describe("one gateway process's ledger of sends", () => {
  it('remembers a send for the window, then forgets it', async () => {
    let clock = 0;
    const ledger = new MemorySendLedger(undefined, () => clock);
    await ledger.set('v', 'e-1', answered(7));
    clock += SEND_WINDOW_MS - 1;
    expect(await ledger.get('v', 'e-1')).toEqual(answered(7));
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[7, 'e-1']]));
    clock += 1;
    expect(await ledger.get('v', 'e-1')).toBeUndefined();
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map());
  });

  it("answers for each visitor their own answered messages only, each with its send's echo_id", async () => {
    const ledger = new MemorySendLedger();
    await ledger.set('v', 'e-1', answered(1));
    await ledger.set('v', 'e-2', { state: 'forwarded', at: 0, content: 'hi' });
    await ledger.set('w', 'e-1', answered(2));
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[1, 'e-1']]));
    await ledger.delete('v', 'e-1');
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map());
    expect(await ledger.answeredEchoIds('w')).toEqual(new Map([[2, 'e-1']]));
    expect(await ledger.get('w', 'e-1')).toEqual(answered(2));
  });

  it('forgets the oldest sends first once it holds as many as it may', async () => {
    const ledger = new MemorySendLedger({ maxSends: 2, maxBytes: Number.POSITIVE_INFINITY });
    await ledger.set('v', 'e-1', answered(1));
    await ledger.set('v', 'e-2', answered(2));
    // Written again, e-1 is now the newest.
    await ledger.set('v', 'e-1', answered(1));
    await ledger.set('v', 'e-3', answered(3));
    expect(await ledger.get('v', 'e-2')).toBeUndefined();
    expect(await ledger.answeredEchoIds('v')).toEqual(
      new Map([
        [1, 'e-1'],
        [3, 'e-3'],
      ]),
    );
  });

  it('forgets the oldest sends first once their answers weigh as much as it may hold', async () => {
    const ledger = new MemorySendLedger({ maxSends: 100, maxBytes: 5_000 });
    const body = 'x'.repeat(1_000);
    for (const id of [1, 2, 3]) await ledger.set('v', `e-${id}`, answered(id, body));
    expect(await ledger.answeredEchoIds('v')).toEqual(
      new Map([
        [2, 'e-2'],
        [3, 'e-3'],
      ]),
    );
    // A single answer above the bound is still kept: the send it answers is the newest.
    await ledger.set('v', 'e-4', answered(4, 'x'.repeat(10_000)));
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[4, 'e-4']]));
  });

  it('drops a send from the reverse index when it is forwarded again or forgotten, and reads an echo_id with colons whole', async () => {
    const ledger = new MemorySendLedger();
    await ledger.set('v', 'e:1', answered(1));
    await ledger.set('v', 'e-2', answered(2));
    expect(await ledger.answeredEchoIds('v')).toEqual(
      new Map([
        [1, 'e:1'],
        [2, 'e-2'],
      ]),
    );
    // Forwarded again (its answer once lost), it answers nothing until Chatwoot answers anew.
    await ledger.set('v', 'e-2', { state: 'forwarded', at: 0, content: 'hi' });
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[1, 'e:1']]));
    await ledger.delete('v', 'e:1');
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map());
  });
});
