import fc from 'fast-check';
import { isTurnoverMet, requiredTurnover, turnoverProgress, waterLimit } from './turnover';

describe('turnover', () => {
  it.each<[number, number, number, number]>([
    // balance, multiplierBps, todayStakes, waterLimit
    [100000, 10000, 0, 100000],
    [100000, 10000, 40000, 60000],
    [100000, 10000, 100000, 0],
    [100000, 10000, 150000, 0],
    [100000, 0, 0, 0], // 0 disables the rule
    [100000, 20000, 50000, 150000], // 2x
    [100001, 5000, 0, 50001], // half of 1000.01 rounds up to the cent
    [1, 1, 0, 1], // ceil(0.0001) = 1
    [0, 10000, 0, 0],
    [-500, 10000, 0, 0], // a negative balance needs no turnover
  ])('balance %i at %i bps with %i staked today leaves %i to wager', (balance, multiplierBps, todayStakes, expected) => {
    expect(waterLimit({ balance, multiplierBps, todayStakes })).toBe(expected);
    expect(isTurnoverMet({ balance, multiplierBps, todayStakes })).toBe(expected === 0);
  });

  it('progress reports required, done and remaining', () => {
    expect(turnoverProgress({ balance: 100000, multiplierBps: 10000, todayStakes: 30000 })).toEqual({ required: 100000, done: 30000, remaining: 70000 });
  });

  it('is exact for large balances', () => {
    expect(requiredTurnover(9_007_199_254_740_991, 10000)).toBe(9_007_199_254_740_991);
    expect(requiredTurnover(9_007_199_254_740_991, 3)).toBe(2_702_159_776_423);
  });

  it.each<[number, number, number]>([
    [1.5, 10000, 0],
    [100, -1, 0],
    [100, 10000, -1],
    [100, 0.5, 0],
  ])('throws on balance %p, multiplier %p, stakes %p', (balance, multiplierBps, todayStakes) => {
    expect(() => waterLimit({ balance, multiplierBps, todayStakes })).toThrow(RangeError);
  });

  it('property: water limit is max(0, ceil(balance x m / 10000) - stakes)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1e13 }), (balance, m, stakes) => {
        const product = BigInt(balance) * BigInt(m);
        const required = product / 10000n + (product % 10000n === 0n ? 0n : 1n);
        const expected = required > BigInt(stakes) ? Number(required - BigInt(stakes)) : 0;
        expect(waterLimit({ balance, multiplierBps: m, todayStakes: stakes })).toBe(expected);
      }),
    );
  });
});
