import {
  CURRENCIES,
  formatMinor,
  isCurrency,
  isOppositeBetPolicy,
  MAX_BALANCE_CEILING_MINOR,
  MAX_STAKE_CEILING_MINOR,
  minorToMajor,
  OPPOSITE_BET_POLICIES,
} from '@sum28/domain';
import { ApiError } from '../../common/api-error';
import { amountField, amountOrZeroField } from '../common/money';

/**
 * How the console shows and checks each operator setting. A stored key ending `_minor` is money: the
 * console's id drops the suffix and the value is a decimal in major units. A key the system reads but
 * this table does not know is shown read-only.
 */
export interface SettingRule {
  kind: 'int' | 'enum' | 'money' | 'currencies' | 'url';
  description: string;
  /** the stored value to the console's value */
  show: (stored: unknown) => unknown;
  /** the console's value to the stored value, or 400 naming `value` */
  parse: (input: unknown) => unknown;
}

function bad(reason: string): ApiError {
  return new ApiError('VALIDATION_FAILED', { field: 'value', reason }, { value: reason });
}

function intRule(min: number, max: number, description: string): SettingRule {
  return {
    kind: 'int',
    description: `${description} (${min}..${max})`,
    show: (v) => v,
    parse: (v) => {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) throw bad(`an integer ${min}..${max}`);
      return v;
    },
  };
}

/** A money setting with a ceiling (the safe range of issue 8): above it, 400 naming `value`. */
function moneyAtMost(v: number, ceiling: number): number {
  if (v > ceiling) throw bad(`at most ${formatMinor(ceiling)}`);
  return v;
}

const showMoney = (v: unknown): unknown => (typeof v === 'number' && Number.isSafeInteger(v) ? minorToMajor(v) : v);

/** Positive exchange rates with at most 8 decimals, keys among the 15 currencies (at least one). */
function parseCurrencies(v: unknown): Record<string, number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad('an object of currency: rate');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) throw bad('at least one currency');
  const out: Record<string, number> = {};
  for (const [code, rate] of entries) {
    if (!isCurrency(code)) throw bad(`unknown currency ${code.slice(0, 10)} (one of ${CURRENCIES.join(', ')})`);
    const text = typeof rate === 'number' && Number.isFinite(rate) ? String(rate) : typeof rate === 'string' ? rate : '';
    if (!/^[0-9]{1,9}(\.[0-9]{1,8})?$/.test(text) || !(Number(text) > 0)) throw bad(`${code}: a positive rate with at most 8 decimals`);
    out[code] = Number(text);
  }
  return out;
}

export const SETTING_RULES: Readonly<Record<string, SettingRule>> = {
  turnover_multiplier_bps: intRule(0, 100_000, 'wagering needed before a withdrawal, in basis points of the balance (10000 = 1x, 0 off)'),
  opposite_bet_policy: {
    kind: 'enum',
    description: `opposite bets in one round: ${OPPOSITE_BET_POLICIES.join(' | ')}`,
    show: (v) => v,
    parse: (v) => {
      if (!isOppositeBetPolicy(v)) throw bad(`one of ${OPPOSITE_BET_POLICIES.join(', ')}`);
      return v;
    },
  },
  withdraw_two_approver_threshold_minor: {
    kind: 'money',
    description: "withdrawals need two different approvers once the player's withdrawals approved today plus this one reach this amount (0 turns it off)",
    show: showMoney,
    parse: (v) => amountOrZeroField('value', v),
  },
  max_stake_minor: {
    kind: 'money',
    description: 'largest single stake',
    show: showMoney,
    parse: (v) => moneyAtMost(amountField('value', v), MAX_STAKE_CEILING_MINOR),
  },
  security_code_max_attempts: intRule(1, 100, 'wrong security codes before the lock'),
  security_code_lock_minutes: intRule(1, 10_080, 'security-code lock, minutes'),
  currencies: { kind: 'currencies', description: 'recharge currencies and their rates', show: (v) => v, parse: parseCurrencies },
  max_balance_minor: {
    kind: 'money',
    description: 'largest balance a player may hold, pending payouts included; credits past it are refused',
    show: showMoney,
    parse: (v) => moneyAtMost(amountField('value', v), MAX_BALANCE_CEILING_MINOR),
  },
  gift_max_minor: { kind: 'money', description: 'largest single gift', show: showMoney, parse: (v) => amountField('value', v) },
  recharge_max_minor: { kind: 'money', description: 'largest single recharge request', show: showMoney, parse: (v) => amountField('value', v) },
  withdraw_max_minor: { kind: 'money', description: 'largest single withdrawal request', show: showMoney, parse: (v) => amountField('value', v) },
  recharge_two_approver_threshold_minor: {
    kind: 'money',
    description: "recharges need two different approvers once the player's recharges approved today plus this one reach this amount (0 turns it off)",
    show: showMoney,
    parse: (v) => amountOrZeroField('value', v),
  },
  staff_daily_approval_limit_minor: {
    kind: 'money',
    description: 'total a staff member may approve per platform day, by amount (0 turns it off)',
    show: showMoney,
    parse: (v) => amountOrZeroField('value', v),
  },
  cs_chat_url: {
    kind: 'url',
    description: 'external customer-service chat page (http or https), empty for none',
    show: (v) => v,
    parse: (v) => {
      if (typeof v !== 'string' || v.length > 500 || !(v === '' || /^https?:\/\/[^\s]+$/.test(v))) throw bad('an http(s) URL or empty');
      return v;
    },
  },
};

/** `withdraw_two_approver_threshold_minor` -> `withdraw_two_approver_threshold` */
export function settingId(key: string): string {
  return key.endsWith('_minor') ? key.slice(0, -'_minor'.length) : key;
}
