import type { Currency, RechargeQuote, RechargeQuoteRequest } from '@sum28/contracts';
import { useEffect, useState } from 'react';
import { api } from '../../app/api';

/** Typing pauses this long before the quote is asked for. */
export const QUOTE_DEBOUNCE_MS = 400;

export type FetchQuote = (body: RechargeQuoteRequest) => Promise<RechargeQuote>;

const fetchQuote: FetchQuote = (body) => api.call('rechargeQuote', body, { silent: true });

/**
 * The live conversion of the recharge form: `user/rechargeQuote` for the typed amount (wire units) and currency,
 * asked once typing pauses; an answer for an older input is dropped; null while the input is not a valid amount
 * or the server refused it (the confirm button then shows the server's message).
 */
export function useRechargeQuote(money: number | null, type: Currency, fetch: FetchQuote = fetchQuote): RechargeQuote | null {
  const [quote, setQuote] = useState<RechargeQuote | null>(null);
  useEffect(() => {
    setQuote(null);
    if (money === null) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      fetch({ money, type }).then(
        (q) => {
          if (live) setQuote(q);
        },
        () => undefined,
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [money, type, fetch]);
  return quote;
}
