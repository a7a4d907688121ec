import { parseOpenHours } from '@sum28/domain';
import type { GameSchedule } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import '../features/games/games.css';

const hm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The schedule sentences of the explain screen, from the server's configuration (never hard-coded hours). */
export function scheduleLines(game: GameSchedule, t: (key: string, params?: Record<string, string | number>) => string): string[] {
  const minutes = game.round_seconds / 60;
  const every =
    // A one-minute round reads "every 60 seconds" (not "every 1 minutes").
    (game.round_seconds % 60 === 0 || game.round_seconds >= 120) && game.round_seconds > 60
      ? t('lotteryExplain.everyMinutes', { minutes: Number.isInteger(minutes) ? minutes : minutes.toFixed(1) })
      : t('lotteryExplain.everySeconds', { seconds: game.round_seconds });
  const hours = parseOpenHours(game.open_hours);
  const window = !hours.ok
    ? null
    : hours.value === 'always'
      ? t('lotteryExplain.always', { tz: game.tz })
      : t(hours.value.end <= hours.value.start ? 'lotteryExplain.hoursNextDay' : 'lotteryExplain.hours', {
          start: hm(hours.value.start),
          end: hm(hours.value.end),
          tz: game.tz,
        });
  return [every, t('lotteryExplain.closes', { seconds: game.bet_close_seconds }), ...(window !== null ? [window] : [])];
}

/** Lottery explain: how a round runs, with the schedule the server runs (spec section 2). */
export default function LotteryExplainPage(): ReactElement {
  const { t } = useTranslation();
  const { data, error, loading, reload } = useApi('config');
  return (
    <Page title={t('lotteryExplain.title')}>
      <div className="card rule">
        <h2>{t('lotteryExplain.scheduleTitle')}</h2>
        {error !== null ? (
          <LoadError message={error} onRetry={reload} />
        ) : loading || data === undefined ? (
          <p className="muted">{t('common.loading')}</p>
        ) : (
          <ul>
            {scheduleLines(data.game, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        <h2>{t('lotteryExplain.drawTitle')}</h2>
        <p>{t('lotteryExplain.draw')}</p>
        <p>{t('lotteryExplain.fair')}</p>
        <p className="row-gap">
          <Link to="/rule" className="link-button">
            {t('rule.title')}
          </Link>
          <Link to="/fairness" className="link-button">
            {t('fairness.title')}
          </Link>
        </p>
      </div>
    </Page>
  );
}
