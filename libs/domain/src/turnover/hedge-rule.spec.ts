import fc from 'fast-check';
import { ALL_PLAY_TYPES } from '../game/categories';
import { countedTurnover, isTurnoverHedgeRule, type RoundStake } from './turnover';

const s = (round: number, playType: string, stake: number): RoundStake => ({ round, playType, stake });

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
  ])('%s', (_name, stakes, unhedged, gross) => {
    expect(countedTurnover(stakes, 'unhedged')).toBe(unhedged);
    expect(countedTurnover(stakes)).toBe(unhedged);
    expect(countedTurnover(stakes, 'gross')).toBe(gross);
  });

  const stake = fc.record({ round: fc.integer({ min: 1, max: 4 }), playType: fc.constantFrom(...ALL_PLAY_TYPES), stake: fc.integer({ min: 0, max: 1e9 }) });

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

  it('adding the same stake to both sides of a pair in a round changes nothing', () => {
    fc.assert(
      fc.property(
        fc.array(stake, { maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(['big', 'small'], ['odd', 'even']),
        fc.integer({ min: 1, max: 1e9 }),
        (stakes, round, [a, b], x) => {
          const hedged = [...stakes, s(round, a ?? 'big', x), s(round, b ?? 'small', x)];
          expect(countedTurnover(hedged, 'unhedged')).toBe(countedTurnover(stakes, 'unhedged'));
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
