/**
 * @sum28/domain: the pure domain core (no framework, no I/O). Time, randomness and seeds come in
 * as arguments. See docs/fairness.md and the architecture reference, sections 4 and 5.
 */
export * from './result/result';
export * from './money/money';
export * from './game/digits';
export * from './game/categories';
export * from './game/odds';
export * from './game/settlement';
export * from './game/opposite-bet';
export * from './game/bet-slip';
export * from './game/round-state';
export * from './game/schedule';
export * from './fairness/fairness';
export * from './turnover/turnover';
export * from './wallet/wallet-rules';
export * from './wallet/money-limits';
export * from './audit/audit';
export * from './account/account-rules';
export * from './captcha/captcha';
export * from './constants';
export * from './stats/stats';
export * from './stats/monitor';
export * from './errors/error-codes';
export * from './account/sign-in-throttle';
export * from './money/fx';
export * from './wallet/recharge-quote';
export * from './content/safe-text';
export * from './history/history';
