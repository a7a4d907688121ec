import { CURRENCIES, OPPOSITE_BET_POLICIES, TURNOVER_HEDGE_RULES } from '@sum28/domain';

export type SettingInput = 'money' | 'int' | 'enum' | 'text' | 'currencies';

export interface SettingFieldDef {
  id: string;
  input: SettingInput;
  /** for `enum`: the values the API accepts (libs/domain lists) */
  values?: readonly string[];
}

/**
 * The settings form, grouped as operators think of them. Ids are the API's (money keys without `_minor`); each
 * field's label and meaning are `resources.settings.keys.<id>.label` / `.help`. Keys not listed here (e.g.
 * catalog_labels) stay in the CSV export and are not edited on this form.
 */
export const SETTING_GROUPS: ReadonlyArray<{ group: string; fields: readonly SettingFieldDef[] }> = [
  {
    group: 'limits',
    fields: [
      { id: 'max_stake', input: 'money' },
      { id: 'max_balance', input: 'money' },
      { id: 'recharge_max', input: 'money' },
      { id: 'withdraw_max', input: 'money' },
      { id: 'gift_max', input: 'money' },
    ],
  },
  {
    group: 'turnover',
    fields: [
      { id: 'turnover_multiplier_bps', input: 'int' },
      { id: 'turnover_hedge_rule', input: 'enum', values: TURNOVER_HEDGE_RULES },
    ],
  },
  { group: 'betting', fields: [{ id: 'opposite_bet_policy', input: 'enum', values: OPPOSITE_BET_POLICIES }] },
  {
    group: 'approvals',
    fields: [
      { id: 'withdraw_two_approver_threshold', input: 'money' },
      { id: 'recharge_two_approver_threshold', input: 'money' },
      { id: 'staff_daily_approval_limit', input: 'money' },
    ],
  },
  { group: 'currencies', fields: [{ id: 'currencies', input: 'currencies' }] },
  {
    group: 'customer_service',
    fields: [
      { id: 'cs_chat_url', input: 'text' },
      { id: 'cs_hours', input: 'text' },
    ],
  },
  {
    group: 'security',
    fields: [
      { id: 'security_code_max_attempts', input: 'int' },
      { id: 'security_code_lock_minutes', input: 'int' },
      { id: 'security_code_checks_per_minute', input: 'int' },
    ],
  },
];

export const CURRENCY_CODES: readonly string[] = CURRENCIES;

/** Form values from the API's rows: currencies as one text per code (empty: not offered). */
export function formValues(rows: ReadonlyArray<{ id: string; value: unknown }>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    if (r.id === 'currencies' && r.value !== null && typeof r.value === 'object') {
      const rates = r.value as Record<string, unknown>;
      out['currencies'] = Object.fromEntries(CURRENCY_CODES.map((c) => [c, rates[c] === undefined ? '' : String(rates[c])]));
    } else out[r.id] = r.value;
  }
  return out;
}

/** The PUT bodies for what changed: `[id, value]`; currencies as `{ code: rate }` of the filled codes. */
export function changedSettings(before: Record<string, unknown>, after: Record<string, unknown>): Array<[string, unknown]> {
  const out: Array<[string, unknown]> = [];
  for (const { fields } of SETTING_GROUPS) {
    for (const f of fields) {
      const a = after[f.id];
      if (JSON.stringify(a ?? null) === JSON.stringify(before[f.id] ?? null)) continue;
      if (f.input === 'currencies') {
        const rates = Object.entries((a ?? {}) as Record<string, string>).filter(([, v]) => String(v ?? '').trim() !== '');
        out.push([f.id, Object.fromEntries(rates.map(([c, v]) => [c, String(v).trim()]))]);
      } else out.push([f.id, f.input === 'text' ? String(a ?? '').trim() : a]);
    }
  }
  return out;
}
