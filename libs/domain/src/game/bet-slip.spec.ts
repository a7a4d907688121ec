import { checkBetSlip, checkJoinLimit, countdownPhase, FINISH_RESET_MS, maxQuickAmountMinor } from './bet-slip';

describe('bet slip', () => {
  it('max is the balance minus 1, never negative', () => {
    expect(maxQuickAmountMinor(100_000)).toBe(99_900);
    expect(maxQuickAmountMinor(50)).toBe(0);
    expect(maxQuickAmountMinor(0)).toBe(0);
  });

  it('checks stake x count against the spendable balance', () => {
    expect(checkBetSlip({ stakeInput: '10', count: 3, moneyMinor: 3000 })).toEqual({ ok: true, value: { stake: 1000, total: 3000 } });
    const r = checkBetSlip({ stakeInput: '10', count: 4, moneyMinor: 3000 });
    expect(r).toMatchObject({ ok: false, error: 'INSUFFICIENT_FUNDS', params: { available: 30, available_minor: 3000 } });
    expect(checkBetSlip({ stakeInput: '', count: 1, moneyMinor: 3000 })).toMatchObject({ ok: false, error: 'AMOUNT_REQUIRED' });
    expect(checkBetSlip({ stakeInput: '1.234', count: 1, moneyMinor: 3000 })).toMatchObject({ ok: false, error: 'AMOUNT_INVALID' });
    expect(() => checkBetSlip({ stakeInput: '1', count: -1, moneyMinor: 3000 })).toThrow(RangeError);
  });

  it('join limit: at least the limit', () => {
    expect(checkJoinLimit(10_000, 10_000).ok).toBe(true);
    expect(checkJoinLimit(9_999, 10_000)).toMatchObject({ ok: false, error: 'JOIN_LIMIT', params: { limit: 100, limit_minor: 10_000 } });
  });

  it('countdown phases', () => {
    const base = { gameStatus: 1, hasRound: true, whetherClose: false, secondsLeft: 30, sinceFinishMs: null };
    expect(countdownPhase(base)).toBe('open');
    expect(countdownPhase({ ...base, secondsLeft: 5 })).toBe('final');
    expect(countdownPhase({ ...base, secondsLeft: 6 })).toBe('open');
    expect(countdownPhase({ ...base, secondsLeft: 0 })).toBe('closed');
    expect(countdownPhase({ ...base, whetherClose: true })).toBe('closed');
    expect(countdownPhase({ ...base, gameStatus: 0 })).toBe('stopped');
    expect(countdownPhase({ ...base, hasRound: false })).toBe('stopped');
    expect(countdownPhase({ ...base, sinceFinishMs: 1000 })).toBe('reset');
    expect(countdownPhase({ ...base, sinceFinishMs: FINISH_RESET_MS })).toBe('open');
  });
});
