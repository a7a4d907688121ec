import type { CountdownPhase } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../app/format';

const pad = (n: number): string => String(n).padStart(2, '0');
export const clock = (s: number): string => `${pad(Math.floor(Math.max(0, s) / 60))}:${pad(Math.max(0, s) % 60)}`;

/**
 * The round's state line (spec section 4): time to close while open; the numeric countdown in the last 5 seconds;
 * 'closed betting' (with the time to the draw) once closed; 'closed' and product stopped outside opening hours with
 * the next opening time; a new round's first seconds after a draw.
 */
export function Countdown({
  phase,
  issue,
  secondsLeft,
  secondsToDraw,
  nextOpen,
}: {
  phase: CountdownPhase;
  issue: string | null;
  secondsLeft: number;
  secondsToDraw: number;
  nextOpen: number | null;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <div className={`countdown countdown--${phase}`} data-phase={phase} role="timer" aria-live={phase === 'final' ? 'assertive' : 'off'}>
      {issue !== null && phase !== 'stopped' ? <div className="countdown__issue small">{t('betRoom.round', { issue })}</div> : null}
      {phase === 'stopped' ? (
        <>
          <div className="countdown__main">{t('betRoom.stopped')}</div>
          <div className="small">{nextOpen !== null ? t('betRoom.nextOpen', { time: formatTime(nextOpen) }) : t('betRoom.discontinued')}</div>
        </>
      ) : phase === 'closed' ? (
        <>
          <div className="countdown__main">{t('betRoom.closedBetting')}</div>
          <div className="small">{secondsToDraw > 0 ? t('betRoom.drawIn', { time: clock(secondsToDraw) }) : t('betRoom.drawing')}</div>
        </>
      ) : phase === 'final' ? (
        <>
          <div className="countdown__final" aria-label={t('betRoom.closesIn', { time: clock(secondsLeft) })}>
            {secondsLeft}
          </div>
          <div className="small">{t('betRoom.closingSoon')}</div>
        </>
      ) : (
        <>
          <div className="countdown__main money">{clock(secondsLeft)}</div>
          <div className="small">{phase === 'reset' ? t('betRoom.newRound') : t('betRoom.untilClose')}</div>
        </>
      )}
    </div>
  );
}
