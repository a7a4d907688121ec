import fc from 'fast-check';
import { ALL_PLAY_TYPES, NUMBER_CATEGORIES, numberCategory, winningCount, type PlayType } from './categories';
import { SUM_COUNTS } from './digits';
import { fairOddsMilli, isAboveFair, oddsMilliToDecimal, parseOddsDecimal, rtpBps, seedOddsMilli, validateOdds } from './odds';

const playType = fc.constantFrom(...ALL_PLAY_TYPES);

describe('seedOddsMilli (97% RTP, floored to 0.01)', () => {
  it.each<[PlayType, number]>([
    ['big', 1940],
    ['small', 1940],
    ['odd', 1940],
    ['even', 1940],
    ['big_odd', 4190],
    ['big_even', 3600],
    ['small_odd', 3600],
    ['small_even', 4190],
    ['extreme_big', 17320],
    ['extreme_small', 17320],
    ['sum_0', 970000],
    ['sum_27', 970000],
    ['sum_1', 323330],
    ['sum_13', 12930],
    ['sum_14', 12930],
  ])('%s seeds at %i', (p, expected) => {
    expect(seedOddsMilli(p)).toBe(expected);
  });

  it.each(NUMBER_CATEGORIES.map((p, s) => [p, s] as const))('%s seeds at floor(0.97 x 1000 / count) to 0.01', (p, s) => {
    const count = SUM_COUNTS[s] ?? 0;
    expect(seedOddsMilli(p)).toBe(Math.floor(97000 / count) * 10);
  });

  it.each(ALL_PLAY_TYPES)('%s: seeded odds pass validation and return at most 97% and more than 96%', (p) => {
    const odds = seedOddsMilli(p);
    expect(validateOdds(p, odds)).toEqual({ ok: true, value: odds });
    expect(rtpBps(p, odds)).toBeLessThanOrEqual(9700);
    expect(rtpBps(p, odds)).toBeGreaterThan(9600);
  });

  it('100% RTP seeds at fair odds floored to 0.01', () => {
    expect(seedOddsMilli('big', 10000)).toBe(2000);
    expect(seedOddsMilli('big_odd', 10000)).toBe(4320);
  });

  it.each([0, -1, 10001, 97.5])('throws on rtp %p', (rtp) => {
    expect(() => seedOddsMilli('big', rtp)).toThrow(RangeError);
  });
});

describe('fair odds and RTP', () => {
  it.each<[PlayType, number]>([
    ['big', 2000],
    ['big_odd', 4329],
    ['big_even', 3717],
    ['extreme_big', 17857],
    ['sum_0', 1_000_000],
    ['sum_13', 13333],
  ])('fair odds of %s are %i', (p, expected) => {
    expect(fairOddsMilli(p)).toBe(expected);
  });

  it.each<[PlayType, number, number]>([
    ['big', 1940, 9700],
    ['big', 2000, 10000],
    ['big', 1950, 9750],
    ['big_odd', 4190, 9678],
    ['extreme_big', 17320, 9699],
    ['sum_13', 12930, 9697],
  ])('rtp of %s at %i is %i bps', (p, odds, bps) => {
    expect(rtpBps(p, odds)).toBe(bps);
  });

  it.each<[PlayType, number, boolean]>([
    ['big', 2000, false],
    ['big', 2001, true],
    ['big_odd', 4329, false],
    ['big_odd', 4330, true],
    ['sum_0', 1_000_000, false],
    ['sum_0', 1_000_001, true],
  ])('%s at %i is above fair: %p', (p, odds, above) => {
    expect(isAboveFair(p, odds)).toBe(above);
  });

  it('property: fair odds are never above fair and one thousandth more always is', () => {
    fc.assert(
      fc.property(playType, (p) => {
        expect(isAboveFair(p, fairOddsMilli(p))).toBe(false);
        expect(isAboveFair(p, fairOddsMilli(p) + 1)).toBe(true);
      }),
    );
  });

  it('property: isAboveFair is exactly count x odds > 1e6 and rtp <= 10000 when not above', () => {
    fc.assert(
      fc.property(playType, fc.integer({ min: 0, max: 2_000_000 }), (p, odds) => {
        expect(isAboveFair(p, odds)).toBe(winningCount(p) * odds > 1_000_000);
        if (!isAboveFair(p, odds)) expect(rtpBps(p, odds)).toBeLessThanOrEqual(10000);
      }),
    );
  });
});

describe('validateOdds', () => {
  it.each<[PlayType, number, string]>([
    ['big', 1000, 'ODDS_INVALID'],
    ['big', 999, 'ODDS_INVALID'],
    ['big', 0, 'ODDS_INVALID'],
    ['big', -1940, 'ODDS_INVALID'],
    ['big', 1940.5, 'ODDS_INVALID'],
    ['big', NaN, 'ODDS_INVALID'],
    ['big', Infinity, 'ODDS_INVALID'],
    ['big', 2 ** 53, 'ODDS_INVALID'],
    ['big', 2001, 'ODDS_ABOVE_FAIR'],
    ['extreme_small', 17858, 'ODDS_ABOVE_FAIR'],
    ['sum_13', 13334, 'ODDS_ABOVE_FAIR'],
  ])('%s at %p is refused with %s', (p, odds, code) => {
    const r = validateOdds(p, odds);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBe(code);
  });

  it('ODDS_ABOVE_FAIR carries the maximum allowed odds', () => {
    expect(validateOdds('big', 2100)).toEqual({ ok: false, error: 'ODDS_ABOVE_FAIR', params: { max: 2000, rtp_bps: 10500 } });
  });

  it.each<[PlayType, number]>([
    ['big', 1001],
    ['big', 2000],
    ['sum_0', 1_000_000],
    [numberCategory(13), 13333],
  ])('%s at %i is accepted', (p, odds) => {
    expect(validateOdds(p, odds)).toEqual({ ok: true, value: odds });
  });
});

describe('oddsMilliToDecimal', () => {
  it.each([
    [1940, 1.94],
    [17320, 17.32],
    [1000, 1],
    [970000, 970],
  ])('%i displays as %p', (m, d) => expect(oddsMilliToDecimal(m)).toBe(d));

  it('throws on a fractional value', () => expect(() => oddsMilliToDecimal(1.5)).toThrow(RangeError));
});

describe('parseOddsDecimal', () => {
  it.each<[unknown, number]>([
    [1.94, 1940],
    ['17.32', 17_320],
    [2, 2000],
    ['2.5', 2500],
    ['0.001', 1],
    ['1234567.999', 1_234_567_999],
  ])('%p -> %p thousandths', (input, milli) => {
    expect(parseOddsDecimal(input)).toEqual({ ok: true, value: milli });
  });

  it.each<unknown>(['1.9444', '-1.5', '1e3', '', ' 1.9', '12345678', NaN, Infinity, null, {}, '1.'])('refuses %p', (input) => {
    expect(parseOddsDecimal(input)).toMatchObject({ ok: false, error: 'ODDS_INVALID' });
  });

  it('round-trips with oddsMilliToDecimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (milli) =>
        expect(parseOddsDecimal(oddsMilliToDecimal(milli))).toEqual({ ok: true, value: milli }),
      ),
    );
  });
});
