import { useCallback, useEffect, useState } from 'react';
import { HttpError } from 'react-admin';
import { API_ROOT, httpClient } from '../api';
import type { DashboardStats } from '@sum28/contracts';

/** How often the dashboard asks again (the pending approvals count follows the queue). */
export const STATS_REFRESH_MS = 30_000;

/** GET /admin-api/stats now and every STATS_REFRESH_MS while the dashboard is open; keeps the last good answer. */
export function useStats(enabled: boolean): { stats: DashboardStats | null; error: string | null; loading: boolean; reload: () => void } {
  const [stats, setStats] = useState<DashboardStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(enabled);
  const load = useCallback(async (): Promise<void> => {
    try {
      const { json } = await httpClient(`${API_ROOT}/stats`);
      setStats(json as DashboardStats);
      setError(null);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : 'ra.notification.http_error');
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    if (!enabled) return undefined;
    void load();
    const t = setInterval(() => void load(), STATS_REFRESH_MS);
    return () => clearInterval(t);
  }, [enabled, load]);
  return { stats, error, loading, reload: () => void load() };
}
