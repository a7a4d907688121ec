import fc from 'fast-check';
import { minor } from '../money/money';
import { bestPayoutMinor, checkBetSlip, checkJoinLimit, countdownPhase, FINISH_RESET_MS, maxQuickAmountMinor } from './bet-slip';

describe('bet slip', () => {
  it('max is the balance minus 1, never negative', () => {
    expect(maxQuickAmountMinor(100_000)).toBe(99_900);
    expect(maxQuickAmountMinor(50)).toBe(0);
    expect(maxQuickAmountMinor(0)).toBe(0);
  });

  it('max splits the balance across the selections: stake x count never exceeds what can be spent', () => {
    // The measured case: 2 selections and Max showed a total of 0.00 (the stake was the whole balance).
    expect(maxQuickAmountMinor(181_300, 2)).toBe(90_600);
    expect(checkBetSlip({ stakeInput: '906.00', count: 2, moneyMinor: 181_300 })).toEqual({ ok: true, value: { stake: 90_600, total: 181_200 } });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 1, max: 28 }), (money, count) => {
        const stake = maxQuickAmountMinor(money, count);
        expect(stake * count).toBeLessThanOrEqual(Math.max(0, money - 100));
        expect((stake + 1) * count).toBeGreaterThan(Math.max(0, money - 100));
      }),
    );
  });

  it('a refused slip still says what it adds up to', () => {
    expect(checkBetSlip({ stakeInput: '10', count: 4, moneyMinor: 3000 })).toMatchObject({ params: { total_minor: 4000 } });
  });

  it('the best payout of a slip adds only selections that can hit together', () => {
    const s = (playType: 'big' | 'small' | 'odd' | 'sum_14', stake: number, oddsMilli: number) => ({ playType, stake: minor(stake), oddsMilli });
    // big and small never hit together: the best is one of them
    expect(bestPayoutMinor([s('big', 1000, 1940), s('small', 1000, 1940)])).toBe(1940);
    // big, odd and sum 14 (even): big+odd on 15..27 odd, big+sum_14 on 14
    expect(bestPayoutMinor([s('big', 1000, 1940), s('odd', 1000, 1940), s('sum_14', 100, 13_000)])).toBe(3880);
    expect(bestPayoutMinor([])).toBe(0);
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
