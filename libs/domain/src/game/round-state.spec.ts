import { BET_STATUS, ROUND_STATES, canTransition, isBettingOpen, isFinalRoundState, isRoundState, type RoundState } from './round-state';

const ALLOWED = new Set(['open>closed', 'closed>drawn', 'drawn>settled', 'open>void', 'closed>void', 'drawn>void']);
const ALL_PAIRS = ROUND_STATES.flatMap((from) => ROUND_STATES.map((to) => [from, to] as [RoundState, RoundState]));

describe('round state machine', () => {
  it.each(ALL_PAIRS)('%s -> %s follows open -> closed -> drawn -> settled, with void before settled', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED.has(`${from}>${to}`));
  });

  it.each<[RoundState, boolean]>([
    ['open', false],
    ['closed', false],
    ['drawn', false],
    ['settled', true],
    ['void', true],
  ])('%s is final: %p', (s, final) => expect(isFinalRoundState(s)).toBe(final));

  it('isRoundState accepts only the five states', () => {
    expect(ROUND_STATES.every(isRoundState)).toBe(true);
    expect(isRoundState('OPEN')).toBe(false);
    expect(isRoundState('toString')).toBe(false);
  });

  it.each<[RoundState, number, number, boolean]>([
    ['open', 999, 1000, true],
    ['open', 1000, 1000, false],
    ['open', 1001, 1000, false],
    ['closed', 999, 1000, false],
    ['void', 0, 1000, false],
  ])('betting in a %s round at %i with close at %i is open: %p', (state, now, closeAt, expected) => {
    expect(isBettingOpen({ state, closeAt }, now)).toBe(expected);
  });

  it('bet statuses are 0 pending, 1 settled, 2 cancelled', () => {
    expect(BET_STATUS).toEqual({ PENDING: 0, SETTLED: 1, CANCELLED: 2 });
  });
});
