import { CURRENCIES, isCurrency, isOppositeBetPolicy, isTurnoverHedgeRule, minorToMajor, OPPOSITE_BET_POLICIES, parseRate, rateSurvivesNumber, TURNOVER_HEDGE_RULES } from '@sum28/domain';
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

const showMoney = (v: unknown): unknown => (typeof v === 'number' && Number.isSafeInteger(v) ? minorToMajor(v) : v);

/**
 * Positive exchange rates (platform units per unit of the currency) with at most 8 decimals, read exactly
 * by the domain's `parseRate`; keys among the 15 currencies (at least one). Stored as JSON numbers, so a
 * rate must also read back exactly from its number (at most 15 significant digits).
 */
function parseCurrencies(v: unknown): Record<string, number> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad('an object of currency: rate');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0) throw bad('at least one currency');
  const out: Record<string, number> = {};
  for (const [code, rate] of entries) {
    if (!isCurrency(code)) throw bad(`unknown currency ${code.slice(0, 10)} (one of ${CURRENCIES.join(', ')})`);
    const parsed = parseRate(rate);
    if (parsed === null) throw bad(`${code}: a positive rate with at most 8 decimals`);
    if (!rateSurvivesNumber(parsed)) throw bad(`${code}: a rate of at most 15 significant digits`);
    out[code] = Number(parsed.text);
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
    description: 'withdrawals at or above this amount need two different approvers (0 turns it off)',
    show: showMoney,
    parse: (v) => amountOrZeroField('value', v),
  },
  max_stake_minor: { kind: 'money', description: 'largest single stake', show: showMoney, parse: (v) => amountField('value', v) },
  security_code_max_attempts: intRule(1, 100, 'wrong security codes before the lock'),
  security_code_lock_minutes: intRule(1, 10_080, 'security-code lock, minutes'),
  currencies: { kind: 'currencies', description: 'recharge currencies and their rates', show: (v) => v, parse: parseCurrencies },
  cs_chat_url: {
    kind: 'url',
    description: 'external customer-service chat page (http or https), empty for none',
    show: (v) => v,
    parse: (v) => {
      if (typeof v !== 'string' || v.length > 500 || !(v === '' || /^https?:\/\/[^\s]+$/.test(v))) throw bad('an http(s) URL or empty');
      return v;
    },
  },
  turnover_hedge_rule: {
    kind: 'enum',
    description: `what counts toward turnover: unhedged (per round |big - small| + |odd - even| + other categories) | gross (every stake); one of ${TURNOVER_HEDGE_RULES.join(', ')}`,
    show: (v) => v,
    parse: (v) => {
      if (!isTurnoverHedgeRule(v)) throw bad(`one of ${TURNOVER_HEDGE_RULES.join(', ')}`);
      return v;
    },
  },
  security_code_checks_per_minute: intRule(1, 1_000, 'security-code verifications per player and minute, whatever their outcome'),
};

/** `withdraw_two_approver_threshold_minor` -> `withdraw_two_approver_threshold` */
export function settingId(key: string): string {
  return key.endsWith('_minor') ? key.slice(0, -'_minor'.length) : key;
}
