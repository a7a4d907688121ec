import type { Money } from '@sum28/contracts';
import { parseAmount } from '@sum28/domain';
import { HTML_LANG } from '../i18n';
import { getLocale } from './session';

const formatters = new Map<string, Intl.NumberFormat>();

/** The one money formatter of the app: thousands separators, exactly two decimals. */
export function formatMoney(value: Money | null | undefined): string {
  const tag = HTML_LANG[getLocale()];
  let f = formatters.get(tag);
  if (f === undefined) {
    f = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(tag, f);
  }
  return f.format(typeof value === 'number' && Number.isFinite(value) ? value : 0);
}

/** Amount typed by the player, to minor units by the domain's exact parser (null when not a valid amount). */
export function minorOf(input: string | number): number | null {
  const r = parseAmount(typeof input === 'string' ? input.trim() : input);
  return r.ok ? r.value : null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** Unix seconds to `YYYY-MM-DD HH:mm:ss` in the device's time zone. */
export function formatTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A date as `YYYY-MM-DD`. */
export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
