import { playTypeLabel } from '@sum28/contracts';
import { baseLabels, isHit, isSum } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { getLocale } from '../app/session';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import { StreakRoads } from '../features/charts/StreakRoads';
import { parseLotteryCode } from '../features/games/Digits';
import { GameTabs } from '../features/games/GameTabs';
import { useGames } from '../features/games/useGames';
import '../features/games/games.css';

const ROUNDS = 50;

/** The category marks of a sum: size, parity and, when it is one, the extreme (rules of libs/domain). */
export function trendMarks(sum: number): string[] {
  if (!isSum(sum)) return [];
  const [size, parity] = baseLabels(sum);
  const extreme = isHit('extreme_big', sum) ? ['extreme_big'] : isHit('extreme_small', sum) ? ['extreme_small'] : [];
  return [size, parity, ...extreme];
}

function Mark({ code }: { code: string }): ReactElement {
  return <span className={`mark mark--${code}`}>{playTypeLabel(getLocale(), code)}</span>;
}

function Table({ gameId }: { gameId: number }): ReactElement {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useApi('cand', { game_id: gameId, limit: ROUNDS });
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  if (loading && data === undefined) return <div className="pad muted">{t('common.loading')}</div>;
  const rows = [...(data ?? [])].reverse();
  if (rows.length === 0) return <EmptyState onReload={reload} />;
  return (
    <>
      <StreakRoads sums={(data ?? []).map((r) => r.cand)} />
      <table className="grid-table trend-table">
        <caption className="sr-only">{t('trend.caption', { count: rows.length })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trend.round')}</th>
            <th scope="col">{t('trend.result')}</th>
            <th scope="col">{t('trend.sum')}</th>
            <th scope="col">{t('trend.size')}</th>
            <th scope="col">{t('trend.parity')}</th>
            <th scope="col">{t('trend.extreme')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const [size = '', parity = '', extreme] = trendMarks(r.cand);
            return (
              <tr key={r.issue}>
                <td>{r.issue}</td>
                <td>{parseLotteryCode(r.cand_code)?.digits.join(' ') ?? ''}</td>
                <td className="strong">{r.cand}</td>
                <td>
                  <Mark code={size} />
                </td>
                <td>
                  <Mark code={parity} />
                </td>
                <td>{extreme !== undefined ? <Mark code={extreme} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** Trend chart: switch among the four lines; the streak roads, then a table of round, sum and category marks (spec section 2). */
export default function TrendChartPage(): ReactElement {
  const { t } = useTranslation();
  const games = useGames('id');
  return (
    <Page
      title={t('trend.title')}
      right={
        <Link to={`/lotteryDetail?id=${games.game?.id ?? ''}`} className="link-button">
          {t('lotteryDetail.short')}
        </Link>
      }
    >
      <GameTabs state={games} />
      {games.error !== null ? (
        <LoadError message={games.error} onRetry={games.reload} />
      ) : games.game !== undefined ? (
        <Table key={games.game.id} gameId={games.game.id} />
      ) : games.loading ? (
        <div className="pad muted">{t('common.loading')}</div>
      ) : (
        <EmptyState onReload={games.reload} />
      )}
    </Page>
  );
}
