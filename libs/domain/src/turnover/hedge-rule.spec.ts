import fc from 'fast-check';
import { ALL_PLAY_TYPES, NUMBER_CATEGORIES, winningCount, type PlayType } from '../game/categories';
import { fairOddsMilli, seedOddsMilli } from '../game/odds';
import { payoutMinor, settleBet } from '../game/settlement';
import { minor } from '../money/money';
import { countedTurnover, isTurnoverHedgeRule, worstCaseLoss, type RoundStake } from './turnover';

/** A stake at the seeded odds (RTP 97%) unless other odds are given. */
const s = (round: number, playType: string, stake: number, oddsMilli = seedOddsMilli(playType as PlayType)): RoundStake => ({
  round,
  playType,
  stake,
  oddsMilli,
});

/** One stake on every exact sum, each in proportion to how often its sum is drawn (10 cents per triple). */
const everySum = (round: number): RoundStake[] => NUMBER_CATEGORIES.map((p) => s(round, p, winningCount(p) * 10));
/** The four combinations, in proportion to their chances (they split the 28 sums among them). */
const fourCombinations = (round: number): RoundStake[] =>
  (['big_odd', 'big_even', 'small_odd', 'small_even'] as const).map((p) => s(round, p, winningCount(p) * 10));

/** The least a set of stakes returns on any sum (0 unless the set covers every sum). */
function minReturn(stakes: ReadonlyArray<RoundStake>): number {
  let least = Number.POSITIVE_INFINITY;
  for (let sum = 0; sum <= 27; sum++) {
    let back = 0;
    for (const x of stakes) back += settleBet({ playType: x.playType as PlayType, stake: minor(x.stake), oddsMilli: x.oddsMilli }, sum).payout;
    least = Math.min(least, back);
  }
  return least;
}

describe('turnover hedge rule: only the unhedged part of a round counts', () => {
  it.each<[string, RoundStake[], number, number]>([
    // name, stakes, unhedged, gross
    ['big 590 + small 589.99 counts 0.01', [s(1, 'big', 59_000), s(1, 'small', 58_999)], 1, 117_999],
    ['equal odd and even count nothing', [s(1, 'odd', 500), s(1, 'even', 500)], 0, 1_000],
    ['one side alone counts whole', [s(1, 'big', 700)], 700, 700],
    ['small larger than big counts the difference', [s(1, 'big', 100), s(1, 'small', 400)], 300, 500],
    ['both pairs in a round', [s(1, 'big', 900), s(1, 'small', 100), s(1, 'odd', 50), s(1, 'even', 250)], 1_000, 1_300],
    ['other categories count whole', [s(1, 'sum_14', 300), s(1, 'big', 200), s(1, 'small', 200)], 300, 700],
    ['opposites in different rounds do not cancel', [s(1, 'big', 500), s(2, 'small', 500)], 1_000, 1_000],
    ['several bets on one side are summed before the difference', [s(1, 'big', 300), s(1, 'big', 300), s(1, 'small', 500)], 100, 1_100],
    ['no bets count nothing', [], 0, 0],
    // Covering sets: every sum wins something, so only the worst-case loss is at risk (10,000 staked; each sum
    // returns its share x seeded odds, at least 9,670).
    ['a stake on every exact sum counts only its worst-case loss', everySum(1), 10_000 - minReturn(everySum(1)), 10_000],
    ['the four combinations count only their worst-case loss', fourCombinations(1), 10_000 - minReturn(fourCombinations(1)), 10_000],
    ['every sum but one counts whole', everySum(1).slice(1), 10_000 - 10, 10_000 - 10],
    ['covers in different rounds do not cancel', [...everySum(1).slice(0, 14), ...everySum(2).slice(14)], 10_000, 10_000],
  ])('%s', (_name, stakes, unhedged, gross) => {
    expect(countedTurnover(stakes, 'unhedged')).toBe(unhedged);
    expect(countedTurnover(stakes)).toBe(unhedged);
    expect(countedTurnover(stakes, 'gross')).toBe(gross);
  });

  // Any stake at any odds an operator may set (above 1, never above fair).
  const stake = fc
    .record({ round: fc.integer({ min: 1, max: 4 }), playType: fc.constantFrom(...ALL_PLAY_TYPES), stake: fc.integer({ min: 0, max: 1e9 }) })
    .chain((x) => fc.integer({ min: 1001, max: fairOddsMilli(x.playType) }).map((oddsMilli) => ({ ...x, oddsMilli })));
  const rounds = (stakes: ReadonlyArray<RoundStake>): RoundStake[][] =>
    [...new Set(stakes.map((x) => x.round))].map((r) => stakes.filter((x) => x.round === r));

  it('never counts more than gross, never less than zero, and ignores the order of bets', () => {
    fc.assert(
      fc.property(fc.array(stake, { maxLength: 40 }), (stakes) => {
        const counted = countedTurnover(stakes, 'unhedged');
        expect(counted).toBeGreaterThanOrEqual(0);
        expect(counted).toBeLessThanOrEqual(countedTurnover(stakes, 'gross'));
        expect(countedTurnover([...stakes].reverse(), 'unhedged')).toBe(counted);
      }),
    );
  });

  it('never counts more than a round can lose: a set that covers every sum counts at most its worst-case loss', () => {
    fc.assert(
      fc.property(fc.array(stake, { maxLength: 40 }), (stakes) => {
        const loss = rounds(stakes).reduce((t, r) => t + worstCaseLoss(r), 0);
        expect(countedTurnover(stakes, 'unhedged')).toBeLessThanOrEqual(loss);
      }),
    );
    // Covering sets built on purpose (random sets rarely cover all 28 sums): every sum at any odds, any stakes.
    fc.assert(
      fc.property(
        fc.tuple(...NUMBER_CATEGORIES.map((p) => fc.tuple(fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 1001, max: fairOddsMilli(p) })))),
        (picks) => {
          const cover = picks.map(([x, odds], i) => s(1, NUMBER_CATEGORIES[i] ?? 'sum_0', x, odds));
          const total = cover.reduce((t, x) => t + x.stake, 0);
          expect(countedTurnover(cover, 'unhedged')).toBe(total - minReturn(cover));
        },
      ),
    );
  });

  it('adding the same stake to both sides of a pair in a round never lowers the count, and raises it by no more than that pair can lose', () => {
    fc.assert(
      fc.property(
        fc.array(stake, { maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(['big', 'small'], ['odd', 'even']),
        fc.integer({ min: 1, max: 1e9 }),
        (stakes, round, [a = 'big', b = 'small'], x) => {
          const before = countedTurnover(stakes, 'unhedged');
          const after = countedTurnover([...stakes, s(round, a, x), s(round, b, x)], 'unhedged');
          expect(after).toBeGreaterThanOrEqual(before);
          expect(after - before).toBeLessThanOrEqual(2 * x - payoutMinor(minor(x), seedOddsMilli(a as PlayType)));
        },
      ),
    );
  });

  it('knows its settings values', () => {
    expect(isTurnoverHedgeRule('unhedged')).toBe(true);
    expect(isTurnoverHedgeRule('gross')).toBe(true);
    expect(isTurnoverHedgeRule('net')).toBe(false);
    expect(() => countedTurnover([s(1, 'big', -1)])).toThrow(RangeError);
  });
});
