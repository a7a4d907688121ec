import type { Posting } from './ledger.service';

/**
 * Posting conventions (unique key, kind, ref). The unique key makes each business event happen at most
 * once; the invariant checker relies on the kinds.
 *
 * | event                | key                     | kind             | lines                                    |
 * |----------------------|-------------------------|------------------|------------------------------------------|
 * | bet placed           | bet:<id>:stake          | bet_stake        | user_available -s, house_game +s         |
 * | bet won              | bet:<id>:payout         | bet_payout       | house_game -p, user_available +p         |
 * | bet refunded (void)  | bet:<id>:refund         | bet_refund       | house_game -s, user_available +s         |
 * | recharge approved    | capital:<id>:resolve    | recharge         | house_cash -a, user_available +a         |
 * | withdrawal requested | capital:<id>:hold       | withdraw_hold    | user_available -a, user_frozen +a        |
 * | withdrawal paid      | capital:<id>:resolve    | withdraw_pay     | user_frozen -a, house_cash +a            |
 * | withdrawal rejected  | capital:<id>:resolve    | withdraw_release | user_frozen -a, user_available +a        |
 * | gift                 | capital:<id>:resolve    | gift             | house_bonus -a, user_available +a        |
 */
export const LEDGER_KIND = {
  BET_STAKE: 'bet_stake',
  BET_PAYOUT: 'bet_payout',
  BET_REFUND: 'bet_refund',
  RECHARGE: 'recharge',
  WITHDRAW_HOLD: 'withdraw_hold',
  WITHDRAW_PAY: 'withdraw_pay',
  WITHDRAW_RELEASE: 'withdraw_release',
  GIFT: 'gift',
} as const;

export const betKey = (betId: number, event: 'stake' | 'payout' | 'refund'): string => `bet:${betId}:${event}`;
/**
 * A bet's posting, as the table above fixes it: the stake moves the player's money to the game account;
 * a payout or a refund moves it back. (Settlement writes its payouts set-based in SQL, same lines.)
 */
export function betPosting(betId: number, userId: number, event: 'stake' | 'payout' | 'refund', amountMinor: number): Posting {
  const kind = { stake: LEDGER_KIND.BET_STAKE, payout: LEDGER_KIND.BET_PAYOUT, refund: LEDGER_KIND.BET_REFUND }[event];
  const toGame = event === 'stake' ? amountMinor : -amountMinor;
  return {
    uniqueKey: betKey(betId, event),
    kind,
    userId,
    refType: 'bet',
    refId: betId,
    lines: [
      { account: 'user_available', userId, amount: -toGame },
      { account: 'house_game', amount: toGame },
    ],
  };
}

export const capitalKey = (capitalLogId: number, event: 'hold' | 'resolve'): string => `capital:${capitalLogId}:${event}`;

/**
 * Idempotency scopes of the player's money calls, one per user so a key never reaches another
 * player's answer. The stored answer names the capital log it created (`id`); the checker (I9)
 * verifies it.
 */
export const IDEMPOTENCY_SCOPE = {
  recharge: (userId: number): string => `recharge:${userId}`,
  withdraw: (userId: number): string => `withdraw:${userId}`,
} as const;
