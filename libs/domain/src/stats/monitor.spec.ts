import { parseOddsDecimal } from '../game/odds';
import { chiSquareVerdict, FAIRNESS_MIN_SAMPLE, hitProbability, rtpDeviation } from './monitor';

describe('fairness monitor', () => {
  it('gives the hit probability of a play type', () => {
    expect(hitProbability('big')).toBe(0.5);
    expect(hitProbability('sum_13')).toBe(0.075);
  });

  it('leaves a small sample unjudged', () => {
    expect(rtpDeviation('big', FAIRNESS_MIN_SAMPLE - 1, 200, 97)).toEqual({ z: null, verdict: 'insufficient' });
    expect(rtpDeviation('big', 1000, null, 97).verdict).toBe('insufficient');
  });

  it('accepts chance-sized deviations and flags large ones', () => {
    // big, 10,000 bets at 97%: standard error = 97 x sqrt(0.5 / 5000) = 0.97 points
    const near = rtpDeviation('big', 10_000, 98, 97);
    expect(near.z).toBeCloseTo(1 / 0.97, 6);
    expect(near.verdict).toBe('ok');
    expect(rtpDeviation('big', 10_000, 101, 97).verdict).toBe('flagged');
    expect(rtpDeviation('big', 10_000, 93, 97).verdict).toBe('flagged');
    // a rare play type has a wider band: 4 points off over 10,000 bets is chance for sum_0 (1 in 1000)
    expect(rtpDeviation('sum_0', 10_000, 101, 97).verdict).toBe('ok');
  });

  it('flags a chi-square p-value below 0.001', () => {
    expect(chiSquareVerdict(0.0005, 500)).toBe('flagged');
    expect(chiSquareVerdict(0.2, 500)).toBe('ok');
    expect(chiSquareVerdict(0.0005, 10)).toBe('insufficient');
    expect(chiSquareVerdict(null, 500)).toBe('insufficient');
  });

  it.each<[unknown, number | null]>([
    ['1.94', 1940],
    [1.94, 1940],
    ['17.32', 17320],
    ['2', 2000],
    [' 1.5 ', null],
    ['1.9445', null],
    ['-1', null],
    ['abc', null],
    ['', null],
    [null, null],
    [Number.NaN, null],
  ])('parses odds %p as %p', (input, out) => {
    const r = parseOddsDecimal(input);
    expect(r.ok ? r.value : null).toBe(out);
  });
});
