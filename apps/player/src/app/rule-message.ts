import { translate } from '@sum28/contracts';
import { formatMoney } from './format';
import { getLocale } from './session';

/**
 * The translated text of a rule's rejection (libs/domain error keys; texts from libs/contracts, the same the
 * server answers). Money parameters (`x` with `x_minor` beside it) are shown through the money formatter.
 */
export function ruleMessage(key: string, params?: Readonly<Record<string, string | number>>): string {
  const shown: Record<string, string | number> = { ...(params ?? {}) };
  for (const [name, value] of Object.entries(shown)) {
    if (`${name}_minor` in shown && typeof value === 'number') shown[name] = formatMoney(value);
  }
  return translate(getLocale(), key, shown);
}
