import { playTypeLabel, type HitNotice, type OddsListResponse } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/format';
import { getLocale } from '../../app/session';
import { Money } from '../../components/Money';

/** A category's name from the room's odds list (the names the player bet on), else its default name in the app's language. */
export function categoryName(odds: OddsListResponse | undefined, code: string): string {
  const item = [...(odds?.rule_base ?? []), ...(odds?.rule_num ?? [])].find((o) => o.class === code);
  return item?.class_name ?? playTypeLabel(getLocale(), code);
}

/** The title of a round's win notice: a win when the round left the player up, else the round's result. */
export function roundResultTitle(notice: HitNotice, t: (key: string, o?: Record<string, unknown>) => string): string {
  return notice.net > 0 ? t('betRoom.winTitle') : t('betRoom.roundTitle', { issue: notice.issue });
}

/**
 * The win popup's body: the round as it was for the player, not one order's profit: each bet that hit (category,
 * stake, payout), then everything staked in the round, everything paid back, and the net (paid - staked), signed and
 * coloured. Three options staked 150 with one paying 97 read "net -53.00", never "+47.00".
 */
export function RoundResult({ notice, odds }: { notice: HitNotice; odds: OddsListResponse | undefined }): ReactElement {
  const { t } = useTranslation();
  const sign = notice.net > 0 ? '+' : notice.net < 0 ? '−' : '';
  return (
    <div className="round-result">
      {notice.net > 0 ? <p className="muted small center">{t('betRoom.issueLine', { issue: notice.issue })}</p> : null /* else the title names it */}
      <p className="small round-result__label">{t('betRoom.hits')}</p>
      <ul className="round-result__wins">
        {notice.wins.map((w, i) => (
          <li key={i}>
            <span>{categoryName(odds, w.play_type)}</span>
            <span>
              <Money value={w.stake} /> → <Money value={w.payout} className="gain-text" />
            </span>
          </li>
        ))}
      </ul>
      <dl className="round-result__sums">
        <dt>{t('betRoom.staked')}</dt>
        <dd>
          <Money value={notice.staked} />
        </dd>
        <dt>{t('betRoom.paid')}</dt>
        <dd>
          <Money value={notice.paid} />
        </dd>
        <dt>{t('betRoom.net')}</dt>
        <dd className={`money round-result__net ${notice.net > 0 ? 'gain-text' : notice.net < 0 ? 'loss-text' : ''}`}>
          {sign}
          {formatMoney(Math.abs(notice.net))}
        </dd>
      </dl>
    </div>
  );
}
