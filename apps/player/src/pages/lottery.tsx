import type { Plan } from '@sum28/contracts';
import { checkJoinLimit } from '@sum28/domain';
import { Skeleton, Toast } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { minorOf } from '../app/format';
import { ruleMessage } from '../app/rule-message';
import { useApi, useUser } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import './bet-room.css';

/**
 * Lottery (`/lottery?id&name`, spec section 2): the rooms (plans) of one line with tier and join limit. Entering a
 * room needs a balance of at least its join limit (libs/domain), else 'assets insufficient' plus the limit.
 */
export default function LotteryPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isSafeInteger(id) && id > 0;
  const rooms = useApi('lotteryIndex', valid ? { game_id: id } : {});
  const { user } = useUser();
  const game = valid ? rooms.data?.gameList.find((g) => g.id === id) : undefined;
  const name = game?.name ?? params.get('name') ?? '';

  const enter = (plan: Plan): void => {
    const money = user?.money ?? 0;
    const verdict = checkJoinLimit(money > 0 ? (minorOf(money) ?? 0) : 0, minorOf(plan.join_limit) ?? 0);
    if (!verdict.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(verdict.error, verdict.params) });
      return;
    }
    const q = new URLSearchParams({ id: String(plan.id), game_id: String(plan.game_id), name, title: plan.title });
    void navigate(`/betRoom?${q.toString()}`);
  };

  return (
    <Page title={name || t('lottery.title')}>
      {!valid ? (
        <EmptyState text={t('lottery.badLink')} />
      ) : rooms.loading && rooms.data === undefined ? (
        <div className="rooms">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} animated className="room room--skeleton" />
          ))}
        </div>
      ) : rooms.error !== null && rooms.data === undefined ? (
        <LoadError onRetry={rooms.reload} message={rooms.error} />
      ) : game === undefined || game.planList.length === 0 ? (
        <EmptyState onReload={rooms.reload} text={t('lottery.empty')} />
      ) : (
        <>
          <p className="pad small muted lottery__balance">
            {t('lottery.balance')} <Money value={user?.money} />
          </p>
          <ul className="rooms" aria-label={t('lottery.rooms')}>
            {game.planList.map((p) => (
              <li key={p.id}>
                <button type="button" className={`room room--${p.tier}`} onClick={() => enter(p)}>
                  <span className="room__title">{p.title}</span>
                  <span className="room__tier tag">{p.tier_name}</span>
                  <span className="room__limit small">
                    {t('lottery.joinLimit')} <Money value={p.join_limit} />
                  </span>
                  <span className="room__enter small">{t('lottery.enter')}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  );
}
