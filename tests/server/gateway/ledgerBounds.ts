/**
 * What every ledger of sends promises about its bounds (`server/gateway/sendLedger.ts`), run
 * against the one in a process's memory and the one in Redis: a young send is never forgotten to
 * make room; a new one past the bounds is refused instead, with when to try again.
 */
import { expect, it } from 'vitest';
import { type SendLedger, type SendLedgerBounds, SendLedgerFull, contentDigest, entryBytes } from '../../../server/gateway/sendLedger';
import { SEND_WINDOW_MS } from '../../../src/shared/sendWindow';

export interface LedgerUnderTest {
  ledger: SendLedger;
  /** Moves the ledger's clock on. */
  advance(ms: number): void;
}

/** The refusal `set` threw, or undefined when it took the send. */
async function refusal(attempt: Promise<void>): Promise<SendLedgerFull | undefined> {
  try {
    await attempt;
    return undefined;
  } catch (error) {
    if (error instanceof SendLedgerFull) return error;
    throw error;
  }
}

const forwarded = (text: string | null) => ({ state: 'forwarded' as const, at: 0, digest: text === null ? null : contentDigest(text) });

/** Registers the bound tests; `make` builds a fresh ledger with `bounds`. */
export function ledgerBoundTests(make: (bounds: SendLedgerBounds) => Promise<LedgerUnderTest>) {
  const roomy = { maxSends: 1_000, maxBytes: 1_000_000, maxSendsPerVisitor: 1_000 };

  it('refuses a new send past its number of sends, forgetting none younger than the window, until the oldest leaves it', async () => {
    const { ledger, advance } = await make({ ...roomy, maxSends: 3 });
    for (const [visitor, echoId] of [
      ['a', 'e-1'],
      ['b', 'e-2'],
      ['c', 'e-3'],
    ])
      await ledger.set(visitor, echoId, forwarded('hi'));
    advance(1_000);
    const full = await refusal(ledger.set('d', 'e-4', forwarded('hi')));
    expect(full?.scope).toBe('everyone');
    expect(full?.retryAfterS).toBe((SEND_WINDOW_MS - 1_000) / 1000);
    // Every send already taken is still known, and may still be answered.
    await ledger.set('a', 'e-1', { state: 'answered', messageId: 1 });
    expect(await ledger.get('a', 'e-1')).toEqual({ state: 'answered', messageId: 1 });
    expect(await ledger.get('b', 'e-2')).toEqual(forwarded('hi'));
    expect(await ledger.get('d', 'e-4')).toBeUndefined();
    // A send refused by Chatwoot frees its place.
    await ledger.delete('b', 'e-2');
    await ledger.set('d', 'e-4', forwarded('hi'));
    expect(await refusal(ledger.set('e', 'e-5', forwarded('hi')))).toBeInstanceOf(SendLedgerFull);
    // Once the oldest send has left the window, there is room again.
    advance(SEND_WINDOW_MS - 1_000);
    expect(await refusal(ledger.set('e', 'e-5', forwarded('hi')))).toBeUndefined();
  });

  it('refuses a new send past its bytes: a long echo_id counts for more', async () => {
    const { ledger } = await make({ ...roomy, maxBytes: entryBytes('a', 'e-1') + entryBytes('b', 'x'.repeat(200)) });
    await ledger.set('a', 'e-1', forwarded('hi'));
    await ledger.set('b', 'x'.repeat(200), forwarded('hi'));
    expect((await refusal(ledger.set('c', 'e-3', forwarded('hi'))))?.scope).toBe('everyone');
  });

  it("refuses a visitor's new send past their own share, and takes another visitor's", async () => {
    const { ledger } = await make({ ...roomy, maxSendsPerVisitor: 2 });
    await ledger.set('a', 'e-1', forwarded('hi'));
    await ledger.set('a', 'e-2', forwarded(null));
    const full = await refusal(ledger.set('a', 'e-3', forwarded('hi')));
    expect(full?.scope).toBe('visitor');
    expect(full?.retryAfterS).toBe(SEND_WINDOW_MS / 1000);
    expect(await refusal(ledger.set('b', 'e-3', forwarded('hi')))).toBeUndefined();
  });

  it('keeps no text and no answer: a digest of the text, or the id of the message that answered', async () => {
    const { ledger } = await make(roomy);
    const text = 'my card number is 4111 1111 1111 1111';
    await ledger.set('a', 'e-1', forwarded(text));
    expect(JSON.stringify(await ledger.get('a', 'e-1'))).not.toContain('4111');
    expect(await ledger.get('a', 'e-1')).toEqual({ state: 'forwarded', at: 0, digest: contentDigest(text) });
  });
}
