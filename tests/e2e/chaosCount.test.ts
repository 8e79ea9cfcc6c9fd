import { delays, deliveryOf, finalScreen, twiceInOneLook } from '../../e2e/support/chaosCount';

// The chaos run passes on empty lists: these show the counting would have filled them.
describe("the chaos run's counting", () => {
  const written = ['v0', 'v1', 'v2', 'v3'];

  it('finds nothing wrong in a store holding each message once, in order, among others', () => {
    expect(deliveryOf(written, ['v0', 'a0', 'v1', 'v2', 'a1', 'v3'])).toEqual({ lost: [], doubled: [], reordered: [] });
  });

  it('sees a message missing, one stored twice, and one stored before an earlier one', () => {
    expect(deliveryOf(written, ['v0', 'v2', 'v1', 'v2'])).toEqual({ lost: ['v3'], doubled: ['v2'], reordered: ['v1'] });
  });

  it('takes a copy stored later for a copy, not for a reordering', () => {
    expect(deliveryOf(written, ['v0', 'v1', 'v0', 'v2', 'v3'])).toEqual({ lost: [], doubled: ['v0'], reordered: [] });
  });

  it('finds nothing twice on a screen showing each message on one row', () => {
    expect(
      twiceInOneLook([
        ['v0', '501'],
        ['a0', '502'],
        ['v1', 'echo-1'],
      ]),
    ).toEqual([]);
  });

  it('sees a message on two rows at once: its id twice, a local copy beside the stored one, or two stored copies', () => {
    expect(
      twiceInOneLook([
        ['a0', '502'],
        ['a0', '502'],
      ]),
    ).toEqual(['a0']);
    expect(
      twiceInOneLook([
        ['v1', '503'],
        ['v1', 'echo-1'],
      ]),
    ).toEqual(['v1']);
    expect(
      twiceInOneLook([
        ['v2', '504'],
        ['a0', '502'],
        ['v2', '505'],
      ]),
    ).toEqual(['v2']);
  });

  it("reads from the final sweep's looks which messages no row shows as stored, and which show under two ids", () => {
    const looks = [
      [
        ['v2', '504'],
        ['v3', 'echo-3'],
      ],
      [
        ['v0', '501'],
        ['v1', '502'],
        ['v2', '504'],
      ],
      [
        ['v0', '501'],
        ['v1', '506'],
      ],
    ] as const;
    expect(finalScreen(written, looks)).toEqual({ notShown: ['v3'], twoIds: ['v1'] });
    expect(finalScreen(written, [])).toEqual({ notShown: written, twoIds: [] });
  });

  it('measures the median and the worst delay of the messages that arrived', () => {
    const sent = new Map([
      ['v0', 0],
      ['v1', 10],
      ['v2', 20],
    ]);
    const arrived = new Map([
      ['v0', 100],
      ['v1', 30],
    ]);
    expect(delays(written, sent, arrived)).toEqual({ median: 100, worst: 100 });
    expect(delays([], sent, arrived)).toEqual({ median: 0, worst: 0 });
  });
});
