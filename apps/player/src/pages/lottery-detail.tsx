import { List, Tag } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatTime } from '../app/format';
import { useApi } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import { Digits } from '../features/games/Digits';
import { GameTabs } from '../features/games/GameTabs';
import { useGames } from '../features/games/useGames';
import '../features/games/games.css';

const ROUNDS = 30;

function Rounds({ gameId }: { gameId: number }): ReactElement {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useApi('issueList', { game_id: gameId, limit: ROUNDS });
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  if (loading && data === undefined) return <div className="pad muted">{t('common.loading')}</div>;
  const rows = data ?? [];
  if (rows.length === 0) return <EmptyState onReload={reload} />;
  return (
    <List mode="card" className="rounds">
      {rows.map((r) => {
        const drawn = r.site_1 !== null && r.site_2 !== null && r.site_3 !== null && r.sum !== null;
        return (
          <List.Item
            key={r.issue}
            description={
              <>
                <div>{formatTime(r.drawTime)}</div>
                <Link to={`/fairness?game_id=${gameId}&issue=${r.issue}`} className="link-button">
                  {drawn ? t('fairness.verifyLink') : t('fairness.hashLink')}
                </Link>
              </>
            }
            extra={
              drawn ? (
                <Digits digits={[r.site_1 ?? 0, r.site_2 ?? 0, r.site_3 ?? 0]} sum={r.sum ?? 0} />
              ) : (
                <Tag color={r.state === 'void' ? 'default' : 'warning'} fill="outline">
                  {t(`lotteryDetail.state_${r.state}`)}
                </Tag>
              )
            }
          >
            {t('lotteryDetail.issue', { issue: r.issue })}
          </List.Item>
        );
      })}
    </List>
  );
}

/** Lottery detail: the recent rounds of a line with their three digits and sum (spec section 2). */
export default function LotteryDetailPage(): ReactElement {
  const { t } = useTranslation();
  const games = useGames('id');
  return (
    <Page
      title={t('lotteryDetail.title')}
      right={
        <Link to={`/trendChart?id=${games.game?.id ?? ''}`} className="link-button">
          {t('trend.short')}
        </Link>
      }
    >
      <GameTabs state={games} />
      {games.error !== null ? <LoadError message={games.error} onRetry={games.reload} /> : null}
      {games.game !== undefined ? (
        <>
          <div className="pad small muted">
            <Link to={`/lotteryExplain?id=${games.game.id}`} className="link-button">
              {t('lotteryExplain.title')}
            </Link>
          </div>
          <Rounds key={games.game.id} gameId={games.game.id} />
        </>
      ) : games.loading ? (
        <div className="pad muted">{t('common.loading')}</div>
      ) : games.error === null ? (
        <EmptyState onReload={games.reload} />
      ) : null}
    </Page>
  );
}
