import { useCallback, useState } from 'react';
import { api } from '../../app/api';
import { usePoller } from '../bet-room/poller';

/** How often the tab bar asks for the unread in-site messages (a money event's message shows within this). */
export const UNREAD_POLL_MS = 30_000;

/**
 * The signed-in player's unread in-site messages (a recharge credited, a withdrawal paid or rejected...), for the
 * account tab's badge: asked when the tab bar appears (so coming back from the Notice screen shows what was read) and
 * then every UNREAD_POLL_MS while the page is visible, one request at a time, silently. 0 when signed out or unknown.
 */
export function useUnreadMessages(enabled: boolean): number {
  const [count, setCount] = useState(0);
  const tick = useCallback(async (): Promise<void> => {
    const answer = await api.call('noticeList', { tab: 'message', page: 1, pageSize: 1 }, { silent: true });
    setCount(answer.unread.message);
  }, []);
  usePoller(tick, enabled, undefined, UNREAD_POLL_MS);
  return enabled ? count : 0;
}
