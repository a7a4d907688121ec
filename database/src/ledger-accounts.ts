/** Ledger accounts. User accounts carry a user_id; house accounts do not. */
export const LEDGER_ACCOUNTS = ['user_available', 'user_frozen', 'house_cash', 'house_game', 'house_bonus'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
export const USER_ACCOUNTS: readonly LedgerAccount[] = ['user_available', 'user_frozen'];
/** The users table column that caches each user account. */
export const USER_BALANCE_COLUMN = { user_available: 'money_minor', user_frozen: 'lock_money_minor' } as const;
