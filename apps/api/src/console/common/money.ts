import { fairOddsMilli, type Minor, oddsMilliToDecimal, parseAmount, parseOddsDecimal, rtpBps, type PlayType } from '@sum28/domain';
import { ApiError } from '../../common/api-error';

/** A money amount from a console request (major units) to minor units, or 400 naming the field. */
export function amountField(field: string, input: unknown): Minor {
  const r = parseAmount(input);
  if (r.ok) return r.value;
  throw new ApiError(r.error, { field, ...(r.params ?? {}) }, { [field]: r.error });
}

/** A non-negative money amount (zero allowed, e.g. a join limit of 0) to minor units. */
export function amountOrZeroField(field: string, input: unknown): number {
  if (input === 0 || input === '0' || input === '0.0' || input === '0.00') return 0;
  return amountField(field, input);
}

/** Odds as a decimal with at most three places (1.94, "17.32") to thousandths (domain parseOddsDecimal); 400 otherwise. */
export function oddsMilliField(field: string, input: unknown): number {
  const r = parseOddsDecimal(input);
  if (r.ok) return r.value;
  throw new ApiError('ODDS_INVALID', { field }, { [field]: 'a decimal with at most 3 places, e.g. 1.94' });
}

/** The console's figures for one odds row: return to player in percent (2 places) and the fair odds. */
export function oddsFigures(p: PlayType, oddsMilli: number): { rtp_percent: number; fair_odds: number } {
  return { rtp_percent: rtpBps(p, oddsMilli) / 100, fair_odds: oddsMilliToDecimal(fairOddsMilli(p)) };
}
