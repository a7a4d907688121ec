import { act, renderHook } from '@testing-library/react';
import type { Currency, RechargeQuote, RechargeQuoteRequest } from '@sum28/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_DEBOUNCE_MS, useRechargeQuote } from './use-recharge-quote';

const quoteOf = (b: RechargeQuoteRequest): RechargeQuote => ({ money: b.money, type: b.type, rate: '31.5', credited: b.money * 31.5 });

describe('the live recharge quote (user/rechargeQuote)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks once typing pauses, for the last amount only, and shows the server answer', async () => {
    const fetch = vi.fn((b: RechargeQuoteRequest) => Promise.resolve(quoteOf(b)));
    const { result, rerender } = renderHook(({ money, type }: { money: number | null; type: Currency }) => useRechargeQuote(money, type, fetch), {
      initialProps: { money: 1, type: 'USD' as Currency },
    });
    rerender({ money: 10, type: 'USD' });
    rerender({ money: 100, type: 'USD' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS);
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith({ money: 100, type: 'USD' });
    expect(result.current).toEqual({ money: 100, type: 'USD', rate: '31.5', credited: 3150 });
  });

  it('drops an answer for an older input and shows nothing for an invalid amount', async () => {
    let resolve: (q: RechargeQuote) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<RechargeQuote>((r) => (resolve = r)));
    const { result, rerender } = renderHook(({ money }: { money: number | null }) => useRechargeQuote(money, 'USD', fetch), {
      initialProps: { money: 100 as number | null },
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS);
    });
    rerender({ money: null });
    await act(async () => {
      resolve(quoteOf({ money: 100, type: 'USD' }));
      await vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS);
    });
    expect(result.current).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
