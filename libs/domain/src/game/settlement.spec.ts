import fc from 'fast-check';
import { MAX_AMOUNT_MINOR, minor, type Minor } from '../money/money';
import { ALL_PLAY_TYPES, isHit, type PlayType } from './categories';
import { SUM_COUNTS } from './digits';
import { rtpBps, seedOddsMilli } from './odds';
import { payoutMinor, roundNet, settleBet } from './settlement';

describe('payoutMinor', () => {
  it.each<[number, number, number]>([
    [10000, 1940, 19400],
    [1, 1940, 1], // floor(1.94)
    [99, 1940, 192], // floor(192.06)
    [333, 4190, 1395], // floor(1395.27)
    [1, 999, 0],
    [0, 1940, 0],
    [10000, 970000, 9700000],
    [MAX_AMOUNT_MINOR, 900_000, 9_000_000_000_000_000], // 9e18 intermediate product, beyond 2^53
  ])('stake %i at %i pays %i', (stake, odds, payout) => {
    expect(payoutMinor(minor(stake), odds)).toBe(payout);
  });

  it('throws when the payout itself would not be a safe integer', () => {
    expect(() => payoutMinor(MAX_AMOUNT_MINOR, 970000)).toThrow(RangeError);
  });

  it('is exact where a float product would round wrongly', () => {
    const stake = minor(4_994_394_814_394);
    expect(Math.floor((stake * 900_972) / 1000)).toBe(4_499_809_884_714_191); // the float product rounds up
    expect(payoutMinor(stake, 900_972)).toBe(4_499_809_884_714_190);
  });

  it.each<[number, number]>([
    [-1, 1940],
    [1.5, 1940],
    [100, 1940.5],
    [100, -1],
  ])('throws on stake %p with odds %p', (stake, odds) => {
    expect(() => payoutMinor(stake as Minor, odds)).toThrow(RangeError);
  });

  it('property: payout equals the BigInt floor and is never more than stake x odds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 1001, max: 1_000_000 }), (stake, odds) => {
        const p = payoutMinor(minor(stake), odds);
        expect(BigInt(p)).toBe((BigInt(stake) * BigInt(odds)) / 1000n);
        expect(BigInt(p) * 1000n).toBeLessThanOrEqual(BigInt(stake) * BigInt(odds));
        expect((BigInt(p) + 1n) * 1000n).toBeGreaterThan(BigInt(stake) * BigInt(odds));
      }),
    );
  });
});

describe('settleBet', () => {
  it('a hit pays floor(stake x odds) and profit is payout - stake', () => {
    expect(settleBet({ playType: 'big', stake: minor(10000), oddsMilli: 1940 }, 14)).toEqual({ isHit: true, payout: 19400, profit: 9400 });
  });

  it('a miss pays 0 and profit is -stake', () => {
    expect(settleBet({ playType: 'big', stake: minor(10000), oddsMilli: 1940 }, 13)).toEqual({ isHit: false, payout: 0, profit: -10000 });
  });

  it('an exact-sum hit uses the odds stored on the bet', () => {
    expect(settleBet({ playType: 'sum_0', stake: minor(500), oddsMilli: 970000 }, 0)).toEqual({ isHit: true, payout: 485000, profit: 484500 });
  });

  it.each(ALL_PLAY_TYPES)('%s: over all 1000 triples the house keeps about 3% at the seeded odds', (p) => {
    const odds = seedOddsMilli(p);
    let paid = 0;
    const stake = minor(1_000_000);
    SUM_COUNTS.forEach((count, s) => {
      paid += count * settleBet({ playType: p, stake, oddsMilli: odds }, s).payout;
    });
    const staked = 1000 * stake;
    expect(Math.floor((paid * 10000) / staked)).toBe(rtpBps(p, odds));
    expect(paid).toBeLessThanOrEqual(staked);
  });

  it('property: profit is payout - stake on a hit and -stake on a miss', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PlayType>(...ALL_PLAY_TYPES),
        fc.integer({ min: 1, max: 1e12 }),
        fc.integer({ min: 1001, max: 1_000_000 }),
        fc.integer({ min: 0, max: 27 }),
        (playType, stake, oddsMilli, sum) => {
          const r = settleBet({ playType, stake: minor(stake), oddsMilli }, sum);
          expect(r.isHit).toBe(isHit(playType, sum));
          if (r.isHit) {
            expect(r.payout).toBe(payoutMinor(minor(stake), oddsMilli));
            expect(r.profit).toBe(r.payout - stake);
          } else {
            expect(r.payout).toBe(0);
            expect(r.profit).toBe(-stake);
          }
        },
      ),
    );
  });
});

describe('roundNet', () => {
  it('adds the stakes and payouts of a round: three options staked 150, one hit paying 97, nets -53', () => {
    const bets = [
      { stake: minor(5000), payout: minor(9700) },
      { stake: minor(5000), payout: minor(0) },
      { stake: minor(5000), payout: minor(0) },
    ];
    expect(roundNet(bets)).toEqual({ staked: 15000, paid: 9700, net: -5300 });
  });

  it('is the sum of settleBet profits, for any bets and any sum', () => {
    const bet = fc.record({
      playType: fc.constantFrom(...ALL_PLAY_TYPES),
      stake: fc.integer({ min: 1, max: 10_000_000 }),
      odds: fc.integer({ min: 0, max: 900_000 }),
    });
    fc.assert(
      fc.property(fc.array(bet, { maxLength: 30 }), fc.integer({ min: 0, max: 27 }), (bets, sum) => {
        const settled = bets.map((b) => ({ stake: minor(b.stake), ...settleBet({ playType: b.playType, stake: minor(b.stake), oddsMilli: b.odds }, sum) }));
        const net = roundNet(settled);
        expect(net.net).toBe(settled.reduce((a, b) => a + b.profit, 0));
        expect(net.staked - (net.paid - net.net)).toBe(0);
      }),
    );
  });
});
