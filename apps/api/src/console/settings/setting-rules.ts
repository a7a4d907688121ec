import {
  ALL_PLAY_TYPES,
  CURRENCIES,
  formatMinor,
  isCurrency,
  isHttpsUrl,
  isOppositeBetPolicy,
  isTurnoverHedgeRule,
  LOCALES,
  MAX_BALANCE_CEILING_MINOR,
  MAX_STAKE_CEILING_MINOR,
  minorToMajor,
  OPPOSITE_BET_POLICIES,
  parseRate,
  PLAN_TIERS,
  rateSurvivesNumber,
  SUPPORT_HOURS,
  TURNOVER_HEDGE_RULES,
} from '@sum28/domain';
import { labelKey, labelNamesAnotherCode } from '@sum28/contracts';
import { ApiError } from '../../common/api-error';
import { amountField, amountOrZeroField } from '../common/money';

/**
 * How the console shows and checks each operator setting. A stored key ending `_minor` is money: the
 * console's id drops the suffix and the value is a decimal in major units. A key the system reads but
 * this table does not know is shown read-only.
 */
export interface SettingRule {
  kind: 'int' | 'enum' | 'money' | 'currencies' | 'url' | 'hours' | 'labels';
  description: string;
  /** the stored value to the console's value */
  show: (stored: unknown) => unknown;
  /** the console's value to the stored value, or 400 naming `value` */
  parse: (input: unknown) => unknown;
}

/**
 * The money controls (issue 24.2): a change to one of these is a request that a different superadmin approves before
 * it applies (thresholds, approver and gift limits, maximums, the turnover rule, the opposite-bet rule, recharge rates,
 * and the category names players bet by).
 */
export const TWO_PERSON_SETTINGS: ReadonlySet<string> = new Set([
  'turnover_multiplier_bps',
  'turnover_hedge_rule',
  'opposite_bet_policy',
  'withdraw_two_approver_threshold_minor',
  'recharge_two_approver_threshold_minor',
  'staff_daily_approval_limit_minor',
  'max_stake_minor',
  'max_balance_minor',
  'gift_max_minor',
  'recharge_max_minor',
  'withdraw_max_minor',
  'currencies',
  'catalog_labels',
]);

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
    description: 'total a staff member may approve per platform day, by amount (never 0: the limit cannot be turned off)',
    show: showMoney,
    parse: (v) => amountField('value', v),
  },
  cs_chat_url: {
    kind: 'url',
    description: 'external customer-service chat page (https), empty for the deployment default (CS_CHAT_URL)',
    show: (v) => v,
    parse: (v) => {
      if (typeof v !== 'string' || v.length > 500 || !(v === '' || isHttpsUrl(v))) throw bad('an https URL or empty');
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
  cs_hours: {
    kind: 'hours',
    description: 'customer-service hours, HH:MM-HH:MM platform time, empty for the deployment default (CS_HOURS)',
    show: (v) => v,
    parse: parseHours,
  },
  catalog_labels: {
    kind: 'labels',
    description: `names of categories and room tiers per locale, overriding the built-in ones: { locale: { code: name } }`,
    show: (v) => v,
    parse: parseLabels,
  },
};

/** `HH:MM-HH:MM` (the end may be 24:00 or earlier than the start, meaning the next day), or empty. */
function parseHours(v: unknown): string {
  if (typeof v !== 'string' || !(v === '' || SUPPORT_HOURS.test(v))) throw bad('HH:MM-HH:MM or empty');
  return v;
}

/** `{ locale: { code: name } }`: locales tw/zh/en/jp/kor, codes play types or room tiers, names 1..32 single-line characters. */
function parseLabels(v: unknown): Record<string, Record<string, string>> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw bad('an object of locale: { code: name }');
  const codes = new Set<string>([...ALL_PLAY_TYPES, ...PLAN_TIERS]);
  const out: Record<string, Record<string, string>> = {};
  for (const [locale, names] of Object.entries(v as Record<string, unknown>)) {
    if (!(LOCALES as readonly string[]).includes(locale)) throw bad(`unknown locale ${locale.slice(0, 10)} (one of ${LOCALES.join(', ')})`);
    if (names === null || typeof names !== 'object' || Array.isArray(names)) throw bad(`${locale}: an object of code: name`);
    const m: Record<string, string> = {};
    for (const [code, name] of Object.entries(names as Record<string, unknown>)) {
      if (!codes.has(code)) throw bad(`${locale}: unknown code ${code.slice(0, 20)} (a play type or a room tier)`);
      if (typeof name !== 'string' || name.trim().length < 1 || name.length > 32 || /\p{Cc}/u.test(name))
        throw bad(`${locale}.${code}: 1..32 characters on one line`);
      if (labelKey(name) === '') throw bad(`${locale}.${code}: a name with letters or digits`);
      m[code] = name.trim();
    }
    out[locale] = m;
  }
  // A label never names another category (or tier): a "Big" button that bets small, a 14 tagged "Small".
  for (const [locale, names] of Object.entries(out))
    for (const [code, name] of Object.entries(names)) {
      const other = labelNamesAnotherCode(code, name, out);
      if (other !== null) throw bad(`${locale}.${code}: "${name}" names another category or tier (${other})`);
    }
  return out;
}

/** `withdraw_two_approver_threshold_minor` -> `withdraw_two_approver_threshold` */
export function settingId(key: string): string {
  return key.endsWith('_minor') ? key.slice(0, -'_minor'.length) : key;
}
