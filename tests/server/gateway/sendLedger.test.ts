import { describe, expect, it } from 'vitest';
import { type AnsweredSend, MemorySendLedger } from '../../../server/gateway/sendLedger';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';
import { ledgerBoundTests } from './ledgerBounds';

const answered = (messageId: number): AnsweredSend => ({ state: 'answered', messageId });

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
    await ledger.set('v', 'e-2', { state: 'forwarded', at: 0, digest: null });
    await ledger.set('w', 'e-1', answered(2));
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[1, 'e-1']]));
    await ledger.delete('v', 'e-1');
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map());
    expect(await ledger.answeredEchoIds('w')).toEqual(new Map([[2, 'e-1']]));
    expect(await ledger.get('w', 'e-1')).toEqual(answered(2));
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
    await ledger.set('v', 'e-2', { state: 'forwarded', at: 0, digest: null });
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map([[1, 'e:1']]));
    await ledger.delete('v', 'e:1');
    expect(await ledger.answeredEchoIds('v')).toEqual(new Map());
  });

  ledgerBoundTests(async (bounds) => {
    let clock = 0;
    return { ledger: new MemorySendLedger(bounds, () => clock), advance: (ms) => void (clock += ms) };
  });
});
