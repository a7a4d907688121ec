import { List } from 'antd-mobile';
import { PROFIT_PENDING } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatTime } from '../app/format';
import { EmptyState } from '../components/EmptyState';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { Digits, parseLotteryCode } from '../features/games/Digits';
import { betFromQuery, betOutcome } from '../features/records/bet-query';
import '../features/games/games.css';

/** Bet detail: amount, profit ('----' while pending), the stamp, order number, room, result, method, quantity, time. */
export default function BetDetailPage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bet = betFromQuery(params);
  if (bet === null) {
    return (
      <Page title={t('betDetail.title')}>
        <EmptyState text={t('betDetail.missing')} />
        <div className="pad center">
          <Link to="/betRecord" className="link-button">
            {t('betRecord.title')}
          </Link>
        </div>
      </Page>
    );
  }
  const outcome = betOutcome(bet);
  const result = parseLotteryCode(bet.lottery_code);
  const profit = bet.profit;
  return (
    <Page title={t('betDetail.title')}>
      <div className="detail-head">
        <div className="muted small">{t('betDetail.amount')}</div>
        <div className="big-number">
          <Money value={bet.quantity} />
        </div>
        <div className="small">
          {t('betDetail.profit')}:{' '}
          {profit === PROFIT_PENDING ? (
            <span className="money">{PROFIT_PENDING}</span>
          ) : (
            <Money value={profit} className={profit > 0 ? 'gain-text' : profit < 0 ? 'loss-text' : undefined} />
          )}
        </div>
        <span className={`stamp stamp--${outcome}`}>{t(`betRecord.outcome_${outcome}`)}</span>
      </div>
      <List mode="card">
        <List.Item extra={<span className="break">{bet.orderNo}</span>}>{t('betDetail.orderNo')}</List.Item>
        <List.Item extra={`${bet.name} · ${bet.plan_name}`}>{t('betDetail.room')}</List.Item>
        <List.Item extra={bet.issue}>{t('betDetail.issue')}</List.Item>
        <List.Item extra={result !== null ? <Digits digits={result.digits} sum={result.sum} /> : <span className="muted">{t('betDetail.notDrawn')}</span>}>
          {t('betDetail.result')}
        </List.Item>
        <List.Item extra={bet.play_method}>{t('betDetail.method')}</List.Item>
        <List.Item extra={<Money value={bet.quantity} />}>{t('betDetail.quantity')}</List.Item>
        <List.Item extra={formatTime(bet.createtime)}>{t('betDetail.time')}</List.Item>
      </List>
      <div className="pad center">
        <Link to={`/fairness?game_id=${bet.game_id}&issue=${bet.issue}`} className="link-button">
          {result !== null ? t('fairness.verifyLink') : t('fairness.hashLink')}
        </Link>
      </div>
    </Page>
  );
}
