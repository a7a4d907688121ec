import { platformDate } from '@sum28/domain';
import { useMemo } from 'react';
import { useApi } from './hooks';

/**
 * The calendar day that contains `now` on the platform's clock (`tz`, IANA), as a local midnight Date for the date
 * pickers and `formatDate`. History lists take platform days (the server counts them in PLATFORM_TZ), so a phone in
 * another zone, or past midnight in Taipei while still the evening before here, must not ask for yesterday.
 * Without a zone (the config could not be read) the phone's own day is the best there is.
 */
export function platformDay(now: number, tz: string | undefined): Date {
  if (tz !== undefined && tz !== '') return localDateOf(platformDate(now, tz));
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** A `YYYYMMDD` day (the domain's form) as a local midnight Date. */
export function localDateOf(ymd: string): Date {
  return new Date(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8)));
}

/** Today on the platform's clock, from `index/config` (undefined while it loads; the phone's day if it fails). */
export function usePlatformToday(): Date | undefined {
  const { data, loading } = useApi('config', {}, { silent: true });
  const tz = data?.game.tz;
  return useMemo(() => (loading ? undefined : platformDay(Date.now(), tz)), [loading, tz]);
}
