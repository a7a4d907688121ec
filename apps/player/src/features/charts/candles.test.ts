import { describe, expect, it } from 'vitest';
import { shortIssue, toCandles } from './candles';

const row = (issue: string, cand: number) => ({ issue, cand, cand_code: `x x x ${cand}` });

describe('toCandles (find chart data mapping)', () => {
  it('opens each candle at the previous sum and closes it at this one; the body spans min..max', () => {
    const c = toCandles([row('20261122001', 10), row('20261122002', 17), row('20261122003', 4)]);
    expect(c.map((x) => [x.open, x.close, x.body, x.rising])).toEqual([
      [10, 10, [10, 10], true],
      [10, 17, [10, 17], true],
      [17, 4, [4, 17], false],
    ]);
  });

  it('spans the wick over the lowest and highest sum of the last five rounds, as ErrorBar errors from the body top', () => {
    const c = toCandles([3, 20, 12, 9, 15, 14].map((s, i) => row(String(i), s)));
    expect(c[4]).toMatchObject({ low: 3, high: 20, body: [9, 15], wick: [15 - 3, 20 - 15] });
    // The sixth candle no longer sees the first round (3): the window is rounds 2..6.
    expect(c[5]).toMatchObject({ low: 9, high: 20, body: [14, 15], wick: [15 - 9, 20 - 15] });
    for (const x of c) {
      expect(x.body[1] - x.wick[0]).toBe(x.low);
      expect(x.body[1] + x.wick[1]).toBe(x.high);
      expect(x.low).toBeLessThanOrEqual(x.body[0]);
    }
  });

  it('keeps the round and its result for the tooltip, and maps nothing to nothing', () => {
    expect(toCandles([row('20261122047', 21)])[0]).toMatchObject({ issue: '20261122047', close: 21, code: 'x x x 21' });
    expect(toCandles([])).toEqual([]);
  });

  it('shows the day sequence of an issue on the axis', () => {
    expect(shortIssue('20261122047')).toBe('047');
    expect(shortIssue('47')).toBe('47');
  });
});
