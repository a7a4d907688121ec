import { Dialog } from 'antd-mobile';
import { GROUP } from '@sum28/domain';
import type { PlayerEndpoint, PlayerRequest, PlayerResponse, UserSummary } from '@sum28/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from './api';
import { ApiError, type CallOptions } from './api-client';
import { peekPrefetched, takePrefetched } from './prefetch';
import { getUser, saveUser } from './session';

export interface Loaded<T> {
  data: T | undefined;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/** Loads one call when the screen opens (and on `reload`). */
export function useApi<E extends PlayerEndpoint>(endpoint: E, body?: PlayerRequest<E>, opts: CallOptions = { loading: false }): Loaded<PlayerResponse<E>> {
  const key = JSON.stringify(body ?? {});
  const [data, setData] = useState<PlayerResponse<E> | undefined>(() => peekPrefetched(endpoint, key));
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(() => data === undefined);
  const [tick, setTick] = useState(0);
  const optsRef = useRef(opts);
  useEffect(() => {
    let live = true;
    // The first load may have been started by main.tsx already (see prefetch.ts); a reload always calls again.
    const started = tick === 0 ? takePrefetched(endpoint, key) : undefined;
    if (started === undefined) setLoading(true);
    (started ?? api.call(endpoint, JSON.parse(key) as PlayerRequest<E>, optsRef.current))
      .then((d) => {
        if (!live) return;
        setData(d);
        setError(null);
      })
      .catch((e: unknown) => {
        if (live) setError(e instanceof ApiError ? e.message : String(e));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [endpoint, key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, error, loading, reload };
}

/** The signed-in user, fresh from userInfo (stored for the next screen so a balance never flashes empty). */
export function useUser(): Loaded<UserSummary> & { user: ReturnType<typeof getUser> } {
  const loaded = useApi('userInfo');
  useEffect(() => {
    if (loaded.data !== undefined) saveUser(loaded.data);
  }, [loaded.data]);
  return { ...loaded, user: loaded.data ?? getUser() };
}

/** Spec section 6: a visitor (group 2) is told to register as a full member on recharge and withdraw. */
export function useVisitorAlert(): boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isVisitor = getUser()?.group_id === GROUP.VISITOR;
  useEffect(() => {
    if (!isVisitor) return;
    // loaded when needed: the rules' texts stay out of the first screens that use these hooks
    void import('./rule-message').then(({ ruleMessage }) =>
      Dialog.alert({ content: ruleMessage('VISITOR_FORBIDDEN'), confirmText: t('common.ok') }).then(() => navigate(-1)),
    );
  }, [isVisitor, navigate, t]);
  return isVisitor;
}

// Kept in its own module: the shell's offline banner uses it without pulling the API client and the server's texts
// into the first screen's JavaScript.
export { useOnline } from './online';

/** localStorage key of the balance-privacy choice (one for every screen that shows amounts). */
const BALANCE_HIDDEN_KEY = 'balanceHidden';
const BALANCE_HIDDEN_EVENT = 'sum28:balance-hidden';

/**
 * Whether amounts are hidden, and its toggle: one choice for the whole app, kept on the device (hiding the balance on
 * home hides it on the wallet and account screens too).
 */
export function useBalanceHidden(): [boolean, () => void] {
  const read = (): boolean => window.localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  const [hidden, setHidden] = useState(read);
  useEffect(() => {
    const sync = (): void => setHidden(read());
    window.addEventListener(BALANCE_HIDDEN_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(BALANCE_HIDDEN_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, []);
  const toggle = useCallback(() => {
    window.localStorage.setItem(BALANCE_HIDDEN_KEY, read() ? '0' : '1');
    window.dispatchEvent(new Event(BALANCE_HIDDEN_EVENT));
  }, []);
  return [hidden, toggle];
}
