import { fairOddsMilli, hitProbability, isPlayType, oddsMilliToDecimal, parseOddsDecimal, rtpBps, validateOdds } from '@sum28/domain';

export interface OddsFigures {
  /** chance that one bet hits, 0..1 */
  probability: number;
  /** the ceiling: odds at 100% RTP */
  fairOdds: number;
  /** RTP of the typed odds in percent (null when the text is not odds) */
  rtpPercent: number | null;
  /** why the typed odds are refused (a resources.odds.errors.* key), null when allowed */
  error: 'invalid' | 'above_fair' | null;
}

/** What the odds form shows as the operator types, all from libs/domain (the API checks the same rule again). */
export function oddsFigures(playType: unknown, text: unknown): OddsFigures | null {
  if (!isPlayType(playType)) return null;
  const probability = hitProbability(playType);
  const fairOdds = oddsMilliToDecimal(fairOddsMilli(playType));
  const parsed = parseOddsDecimal(text);
  if (!parsed.ok) return { probability, fairOdds, rtpPercent: null, error: 'invalid' };
  const milli = parsed.value;
  const rtpPercent = rtpBps(playType, milli) / 100;
  const v = validateOdds(playType, milli);
  return { probability, fairOdds, rtpPercent, error: v.ok ? null : v.error === 'ODDS_ABOVE_FAIR' ? 'above_fair' : 'invalid' };
}

/** react-admin validator for the odds input: refuses odds that are not a number or above fair before sending. */
export function validateOddsText(value: unknown, values: Record<string, unknown>): string | { message: string; args: Record<string, unknown> } | undefined {
  const f = oddsFigures(values['play_type'], value);
  if (f === null || f.error === null) return undefined;
  return f.error === 'above_fair' ? { message: 'resources.odds.errors.above_fair', args: { max: f.fairOdds.toFixed(3) } } : 'resources.odds.errors.invalid';
}
