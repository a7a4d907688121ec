import type { Game, HeartResponse } from '@sum28/contracts';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../app/api';

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * One game line on the home page: its name, the last result and the time left in the current round, read once from
 * the heartbeat of its first room (drift-corrected against `server_time`) and counted down locally. It leads to the
 * line's rooms (`/lottery`).
 */
export function LineCard({ game }: { game: Game }): ReactElement {
  const { t } = useTranslation();
  const [heart, setHeart] = useState<HeartResponse | null>(null);
  const [closesAt, setClosesAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const plan = game.planList[0];
  useEffect(() => {
    if (plan === undefined) return;
    api
      .call('heart', { plan_id: plan.id, game_id: game.id }, { silent: true })
      .then((h) => {
        setHeart(h);
        const cur = h.issue;
        setClosesAt(cur !== null && !cur.whether_close ? Date.now() + cur.openTime1 * 1000 : null);
      })
      .catch(() => setHeart(null));
  }, [game.id, plan]);
  useEffect(() => {
    if (closesAt === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [closesAt]);
  const left = closesAt === null ? null : Math.max(0, Math.round((closesAt - now) / 1000));
  const last = heart?.last_issue ?? null;
  return (
    <Link className="card line-card" to={`/lottery?${new URLSearchParams({ id: String(game.id), name: game.name }).toString()}`}>
      <div className="line-card__name">{game.name}</div>
      <div className="small">
        {last !== null ? (
          <span className="money">
            {last.site_1} + {last.site_2} + {last.site_3} = <strong>{last.code}</strong>
          </span>
        ) : (
          <span className="muted">{t('home.noResult')}</span>
        )}
      </div>
      <div className="muted small money">
        {heart === null
          ? ''
          : heart.game_status !== 1 || heart.issue === null
            ? t('home.closed')
            : left !== null && left > 0
              ? t('home.closesIn', { time: `${pad(Math.floor(left / 60))}:${pad(left % 60)}` })
              : t('home.drawing')}
      </div>
    </Link>
  );
}
