import { ProgressBar } from 'antd-mobile';
import type { TurnoverProgress } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { minorOf } from '../app/format';
import { Money } from './Money';

/** Whole percent of the required turnover done (100 when none is required or it is met). */
export function turnoverPercent(turnover: TurnoverProgress): number {
  const required = minorOf(turnover.required) ?? 0;
  const done = minorOf(turnover.done) ?? 0;
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((done * 100) / required));
}

/**
 * Today's wagering toward the withdrawal rule, as the API counts it (`turnover` of userInfo / withdrawInfo, from the
 * domain's turnover rule): done / required, a bar, what is left, and what the figures mean in one line.
 */
export function TurnoverBar({ turnover, hidden = false }: { turnover: TurnoverProgress | undefined; hidden?: boolean }): ReactElement | null {
  const { t } = useTranslation();
  if (turnover === undefined) return null;
  const percent = turnoverPercent(turnover);
  const none = (minorOf(turnover.required) ?? 0) === 0;
  return (
    <div className="turnover">
      <div className="row-between small">
        <span>{t('withdraw.turnover')}</span>
        <span className="money">
          <Money value={turnover.done} hidden={hidden} /> / <Money value={turnover.required} hidden={hidden} />
        </span>
      </div>
      <div role="progressbar" aria-label={t('withdraw.turnover')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
        <ProgressBar percent={percent} />
      </div>
      <div className="small">
        {none ? (
          t('withdraw.turnoverNone')
        ) : turnover.remaining > 0 ? (
          <>
            {t('withdraw.turnoverLeft')} <Money value={turnover.remaining} hidden={hidden} />
          </>
        ) : (
          t('withdraw.turnoverMet')
        )}
      </div>
      <div className="muted small">{t('withdraw.turnoverMeaning')}</div>
    </div>
  );
}
