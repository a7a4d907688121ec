import type { CandRow } from '@sum28/contracts';

/** Rounds spanned by a candle's wick: the lowest and highest sum of this round and the ones before it. */
export const CANDLE_WINDOW = 5;

/** One candle of the find chart, in the shape recharts' `<Bar>` and `<ErrorBar>` read. */
export interface Candle {
  issue: string;
  /** The sum of the previous round (the round's own sum for the first candle). */
  open: number;
  /** This round's sum. */
  close: number;
  /** Lowest and highest sum over the last CANDLE_WINDOW rounds, this one included. */
  low: number;
  high: number;
  /** The body, a range bar: [min(open, close), max(open, close)]. */
  body: [number, number];
  /** The wick as ErrorBar errors around the body's top: [top - low, high - top]. */
  wick: [number, number];
  rising: boolean;
  /** `'a b c sum'` of the round. */
  code: string;
}

/** The chart's candles from `cand` (drawn rounds, oldest first): open is the previous sum, close this one. */
export function toCandles(rows: readonly CandRow[]): Candle[] {
  return rows.map((r, i) => {
    const close = r.cand;
    const open = i === 0 ? close : (rows[i - 1]?.cand ?? close);
    const window = rows.slice(Math.max(0, i - CANDLE_WINDOW + 1), i + 1).map((x) => x.cand);
    const low = Math.min(open, ...window);
    const high = Math.max(open, ...window);
    const top = Math.max(open, close);
    return {
      issue: r.issue,
      open,
      close,
      low,
      high,
      body: [Math.min(open, close), top],
      wick: [top - low, high - top],
      rising: close >= open,
      code: r.cand_code,
    };
  });
}

/** The round number as the axis shows it: the sequence within its day (`20261122047` -> `047`). */
export function shortIssue(issue: string): string {
  return issue.length > 8 ? issue.slice(8) : issue;
}
