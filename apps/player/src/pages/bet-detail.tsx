import { List, Skeleton } from 'antd-mobile';
import { PROFIT_PENDING, type OrderRow } from '@sum28/contracts';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatTime } from '../app/format';
import { useApi } from '../app/hooks';
import { CopyButton } from '../components/CopyButton';
import { EmptyState, LoadError } from '../components/EmptyState';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { Digits, parseLotteryCode } from '../features/games/Digits';
import { betHintFromQuery, betOutcome, type BetHint } from '../features/records/bet-query';
import '../features/games/games.css';

/**
 * Bet detail: amount, profit ('----' while pending), the stamp, order number, room, result, method, quantity, time.
 * The bet is read from the API by its order number (`user/orderDetail`): a link's figures are never shown, so a
 * hand-made link cannot put a win that never happened on this screen. The link's words paint the first frame.
 */
export default function BetDetailPage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const hint = betHintFromQuery(params);
  return (
    <Page title={t('betDetail.title')}>
      {hint === null ? (
        <>
          <EmptyState text={t('betDetail.missing')} />
          <BackToRecord />
        </>
      ) : (
        <LoadedBet hint={hint} />
      )}
    </Page>
  );
}

function BackToRecord(): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="pad center">
      <Link to="/betRecord" className="link-button">
        {t('betRecord.title')}
      </Link>
    </div>
  );
}

/** The bet of `hint.orderNo` as the API answers it; until then the link's words and placeholders for every figure. */
function LoadedBet({ hint }: { hint: BetHint }): ReactElement {
  const { t } = useTranslation();
  const loaded = useApi('orderDetail', { orderNo: hint.orderNo });
  const bet: OrderRow | undefined = loaded.data;
  if (bet === undefined && loaded.error !== null) {
    return (
      <>
        <LoadError onRetry={loaded.reload} message={loaded.error} />
        <BackToRecord />
      </>
    );
  }
  /** A figure of the bet once read, a placeholder before. */
  const figure = (show: (b: OrderRow) => ReactNode): ReactNode =>
    bet !== undefined ? show(bet) : <Skeleton.Paragraph lineCount={1} animated className="detail-skeleton" />;
  const result = bet !== undefined ? parseLotteryCode(bet.lottery_code) : null;
  return (
    <>
      <div className="detail-head" aria-busy={bet === undefined}>
        <div className="muted small">{t('betDetail.amount')}</div>
        <div className="big-number">
          {figure((b) => (
            <Money value={b.quantity} />
          ))}
        </div>
        <div className="small">
          {t('betDetail.profit')}:{' '}
          {figure((b) =>
            b.profit === PROFIT_PENDING ? (
              <span className="money">{PROFIT_PENDING}</span>
            ) : (
              <Money value={b.profit} className={b.profit > 0 ? 'gain-text' : b.profit < 0 ? 'loss-text' : undefined} />
            ),
          )}
        </div>
        <div className="small">
          {t('betDetail.payout')}:{' '}
          {figure((b) =>
            b.payout === PROFIT_PENDING ? (
              <span className="money">{PROFIT_PENDING}</span>
            ) : (
              <Money value={b.payout} className={b.payout > 0 ? 'gain-text' : undefined} />
            ),
          )}
        </div>
        {bet !== undefined && <span className={`stamp stamp--${betOutcome(bet)}`}>{t(`betRecord.outcome_${betOutcome(bet)}`)}</span>}
      </div>
      <List mode="card">
        <List.Item
          extra={
            <span className="copy-row">
              <span className="break">{bet?.orderNo ?? hint.orderNo}</span>
              <CopyButton text={bet?.orderNo ?? hint.orderNo} what={t('betDetail.orderNo')} />
            </span>
          }
        >
          {t('betDetail.orderNo')}
        </List.Item>
        <List.Item extra={`${bet?.name ?? hint.name} · ${bet?.plan_name ?? hint.plan_name}`}>{t('betDetail.room')}</List.Item>
        <List.Item extra={bet?.issue ?? hint.issue}>{t('betDetail.issue')}</List.Item>
        <List.Item
          extra={figure(() =>
            result !== null ? <Digits digits={result.digits} sum={result.sum} /> : <span className="muted">{t('betDetail.notDrawn')}</span>,
          )}
        >
          {t('betDetail.result')}
        </List.Item>
        <List.Item extra={bet?.play_method ?? hint.play_method}>{t('betDetail.method')}</List.Item>
        <List.Item
          extra={figure((b) => (
            <Money value={b.quantity} />
          ))}
        >
          {t('betDetail.quantity')}
        </List.Item>
        <List.Item extra={figure((b) => formatTime(b.createtime))}>{t('betDetail.time')}</List.Item>
      </List>
      {bet !== undefined && (
        <div className="pad center">
          <Link to={`/fairness?game_id=${bet.game_id}&issue=${bet.issue}`} className="link-button">
            {result !== null ? t('fairness.verifyLink') : t('fairness.hashLink')}
          </Link>
        </div>
      )}
    </>
  );
}
