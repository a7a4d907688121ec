import type { ReactElement } from 'react';
import type { Money as MoneyValue } from '@sum28/contracts';
import { formatMoney } from '../app/format';

/** An amount in tabular figures; `hidden` shows asterisks (hideable totals). */
export function Money({ value, hidden = false, className }: { value: MoneyValue | null | undefined; hidden?: boolean; className?: string }): ReactElement {
  return <span className={className ? `money ${className}` : 'money'}>{hidden ? '****' : formatMoney(value)}</span>;
}
