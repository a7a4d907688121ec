import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import CandleChart from '../features/charts/CandleChart';
import { CANDLE_WINDOW, toCandles } from '../features/charts/candles';
import { GameTabs } from '../features/games/GameTabs';
import { useGames } from '../features/games/useGames';
import '../features/games/games.css';

/** Rounds on the chart: enough to read on a 390 px phone. */
const ROUNDS = 30;

function Chart({ gameId, name }: { gameId: number; name: string }): ReactElement {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useApi('cand', { game_id: gameId, limit: ROUNDS });
  if (error !== null) return <LoadError message={error} onRetry={reload} />;
  if (loading && data === undefined) return <div className="chart-box center muted">{t('common.loading')}</div>;
  const candles = toCandles(data ?? []);
  if (candles.length === 0) return <EmptyState onReload={reload} />;
  const last = candles[candles.length - 1];
  return (
    <>
      <CandleChart candles={candles} label={t('find.chartLabel', { name, count: candles.length })} />
      <p className="pad small muted">{t('find.legend', { window: CANDLE_WINDOW })}</p>
      {last !== undefined ? <p className="pad small">{t('find.last', { issue: last.issue, sum: last.close })}</p> : null}
      <div className="pad row-gap">
        <Link to={`/trendChart?id=${gameId}`} className="link-button">
          {t('trend.title')}
        </Link>
        <Link to={`/lotteryDetail?id=${gameId}`} className="link-button">
          {t('lotteryDetail.title')}
        </Link>
        <Link to={`/fairness?game_id=${gameId}`} className="link-button">
          {t('fairness.title')}
        </Link>
      </div>
    </>
  );
}

/** Find (bottom tab): game tabs and a candlestick chart per game, round vs sum (spec section 2). */
export default function FindPage(): ReactElement {
  const { t } = useTranslation();
  const games = useGames('id');
  return (
    <Page title={t('find.title')} back={false}>
      <GameTabs state={games} />
      {games.error !== null ? (
        <LoadError message={games.error} onRetry={games.reload} />
      ) : games.game !== undefined ? (
        <Chart key={games.game.id} gameId={games.game.id} name={games.game.name} />
      ) : games.loading ? (
        <div className="pad muted">{t('common.loading')}</div>
      ) : (
        <EmptyState onReload={games.reload} />
      )}
    </Page>
  );
}
