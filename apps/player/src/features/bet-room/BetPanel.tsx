import type { OddsItem, OddsListResponse, PlayOrderRequest, PlayOrderResponse } from '@sum28/contracts';
import {
  bestPayoutMinor,
  checkBetSlip,
  checkOppositeBet,
  DEFAULT_OPPOSITE_BET_POLICY,
  formatMinor,
  isNumberCategory,
  isPlayType,
  maxQuickAmountMinor,
  parseOddsDecimal,
  payoutMinor,
  QUICK_AMOUNTS,
  sumOfNumberCategory,
  winningCount,
  type HeldBet,
  type Minor,
  type OppositeBetPolicy,
} from '@sum28/domain';
import { Button, Dialog, Input, Popup, Tabs, Toast } from 'antd-mobile';
import { CloseOutline, InformationCircleOutline } from 'antd-mobile-icons';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../app/format';
import { ruleMessage } from '../../app/rule-message';
import { isBlockingError, PendingKeys, placeSlip, type SlipOutcome } from './place-slip';

export interface BetPanelProps {
  odds: OddsListResponse | undefined;
  /** Spendable balance in minor units (null while unknown). */
  moneyMinor: number | null;
  /** Why betting is not possible now (closed, stopped, blocked), or null. */
  disabledReason: string | null;
  /** The round and room a bet goes to (null while no round is open). */
  target: { issue: string; plan_id: number; game_id: number } | null;
  send: (r: PlayOrderRequest) => Promise<PlayOrderResponse>;
  onPlaced: (outcome: SlipOutcome, stakeMinor: number) => void;
  onOpenRules: () => void;
  /** The player's bets already placed in round `issue` (the opposite-bet rule counts them), read as the dialog opens. */
  loadHeld?: (issue: string) => Promise<readonly HeldBet[]>;
  /** The opposite-bet rule in force (`index/config`). */
  policy?: OppositeBetPolicy;
}

const percent = (n: number): string => `${(Math.round(n * 100) / 100).toFixed(2)}%`;

/** One option: its name and odds on the face (an exact sum as a number ball); chance and return are in the info sheet. */
function OddsButton({
  item,
  selected,
  onToggle,
  disabled,
  ball,
}: {
  item: OddsItem;
  selected: boolean;
  onToggle: () => void;
  disabled: boolean;
  ball: boolean;
}): ReactElement {
  return (
    <button
      type="button"
      className={`${ball ? 'odds odds--ball' : 'odds'}${selected ? ' odds--on' : ''}`}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      data-class={item.class}
      // a ball shows the sum alone; its name (e.g. 'Sum 13') is read out
      aria-label={ball ? `${item.class_name} ${item.odds.toFixed(2)}` : undefined}
    >
      <span className="odds__name">{ball && isNumberCategory(item.class) ? sumOfNumberCategory(item.class) : item.class_name}</span>{' '}
      <span className="odds__value">{item.odds.toFixed(2)}</span>
    </button>
  );
}

/** The info sheet of a tab: each option's odds, chance to hit (libs/domain) and return to player, and what they mean. */
export function OddsInfo({ items, title }: { items: readonly OddsItem[]; title: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="odds-info">
      <h2 className="section__title">{title}</h2>
      <p className="small muted">{t('betRoom.infoText')}</p>
      <table className="odds-info__table">
        <thead>
          <tr>
            <th scope="col">{t('betRoom.infoOption')}</th>
            <th scope="col">{t('betRoom.infoOdds')}</th>
            <th scope="col">{t('betRoom.infoChance')}</th>
            <th scope="col">{t('betRoom.infoRtp')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-class={item.class}>
              <th scope="row">{item.class_name}</th>
              <td className="money">{item.odds.toFixed(2)}</td>
              <td className="money">{isPlayType(item.class) ? percent(winningCount(item.class) / 10) : '–'}</td>
              <td className="money">{percent(item.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The bet panel (spec sections 2, 5 and 7): tabs mixed / special number / how to play; several categories at once;
 * quick amounts 5, 10, 50, 300, 500 and max (balance minus 1); the balance check amount x count before sending; a
 * confirm dialog with count and total; one playOrder per category with an idempotency key kept for a retry.
 */
export function BetPanel({
  odds,
  moneyMinor,
  disabledReason,
  target,
  send,
  onPlaced,
  onOpenRules,
  loadHeld = async () => [],
  policy = DEFAULT_OPPOSITE_BET_POLICY,
}: BetPanelProps): ReactElement {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'base' | 'num'>('base');
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [infoOpen, setInfoOpen] = useState(false);
  const keys = useRef(new PendingKeys());
  const disabled = disabledReason !== null || target === null;

  const toggle = (c: string): void => setSelected((s) => (s.includes(c) ? s.filter((x) => x !== c) : [...s, c]));
  const slip = checkBetSlip({ stakeInput: amount.trim(), count: selected.length, moneyMinor: moneyMinor ?? 0 });
  // The real total, also when the slip is over the balance (then refused in red below, with the reason).
  const totalMinor = slip.ok ? slip.value.total : typeof slip.params?.['total_minor'] === 'number' ? slip.params['total_minor'] : 0;
  const totalText = formatMoney(Number(formatMinor(totalMinor)));
  const overBalance = !slip.ok && slip.error === 'INSUFFICIENT_FUNDS' && selected.length > 0 && moneyMinor !== null;
  const stake: Minor | null = slip.ok ? slip.value.stake : overBalance ? (Math.round(totalMinor / selected.length) as Minor) : null;
  const allItems = [...(odds?.rule_base ?? []), ...(odds?.rule_num ?? [])];
  const oddsMilliOf = (code: string): number | null => {
    const item = allItems.find((o) => o.class === code);
    const milli = item !== undefined ? parseOddsDecimal(item.odds) : null;
    return milli !== null && milli.ok ? milli.value : null;
  };
  const payoutOf = (code: string): Minor | null => {
    const milli = oddsMilliOf(code);
    return stake !== null && milli !== null ? payoutMinor(stake, milli) : null;
  };
  const best =
    stake !== null
      ? bestPayoutMinor(
          selected.flatMap((c) => {
            const milli = oddsMilliOf(c);
            return isPlayType(c) && milli !== null ? [{ playType: c, stake, oddsMilli: milli }] : [];
          }),
        )
      : null;
  const nameOf = (c: string): string => allItems.find((o) => o.class === c)?.class_name ?? c;
  const bestText = best !== null && selected.length > 0 ? formatMoney(Number(formatMinor(best))) : null;

  const submit = async (): Promise<void> => {
    if (disabled || busy) return;
    if (selected.length === 0) {
      Toast.show({ content: t('betRoom.pickCategory') });
      return;
    }
    if (!slip.ok) {
      Toast.show({ icon: 'fail', content: ruleMessage(slip.error, slip.params) });
      return;
    }
    if (target === null) return;
    // The bets of this slip that the opposite-bet rule would refuse (each counted after the ones before it), which
    // freezes the account: said before the player confirms.
    const opposite: string[] = [];
    setBusy(true);
    const soFar: HeldBet[] = [...(await loadHeld(target.issue).catch(() => []))];
    setBusy(false);
    for (const c of selected) {
      if (!isPlayType(c)) continue;
      const next = { playType: c, stake: slip.value.stake };
      if (!checkOppositeBet(soFar, next, policy).ok) opposite.push(c);
      soFar.push(next);
    }
    const ok = await Dialog.confirm({
      title: t('betRoom.confirmTitle'),
      content: (
        <div className="slip-confirm">
          <p className="muted small">{t('betRoom.issueLine', { issue: target.issue })}</p>
          <ul className="slip-confirm__list">
            {selected.map((c) => {
              const p = payoutOf(c);
              return (
                <li key={c}>
                  <span>{nameOf(c)}</span>
                  <span className="money">
                    {formatMoney(Number(formatMinor(slip.value.stake)))}
                    {p !== null ? ` → ${formatMoney(Number(formatMinor(p)))}` : ''}
                  </span>
                </li>
              );
            })}
          </ul>
          <p>{t('betRoom.confirmText', { count: selected.length, amount: formatMoney(Number(formatMinor(slip.value.stake))), total: totalText })}</p>
          {bestText !== null ? <p className="strong">{t('betRoom.bestPayout', { amount: bestText })}</p> : null}
          {opposite.length > 0 ? (
            <p className="slip-confirm__warning" role="alert">
              {t('betRoom.oppositeWarning', { names: opposite.map(nameOf).join(', ') })}
            </p>
          ) : null}
        </div>
      ),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      const out = await placeSlip(send, keys.current, target, selected, slip.value.stake);
      if (out.placed.length > 0) {
        setSelected((s) => s.filter((c) => !out.placed.includes(c)));
        if (out.error === null) Toast.show({ icon: 'success', content: ruleMessage('ORDER_SUCCESS') });
      }
      onPlaced(out, slip.value.stake);
      if (isBlockingError(out.error)) setSelected([]);
    } finally {
      setBusy(false);
    }
  };

  const items = tab === 'base' ? (odds?.rule_base ?? []) : (odds?.rule_num ?? []);
  const tabTitle = tab === 'base' ? t('betRoom.tabMixed') : t('betRoom.tabNumber');
  const money = (m: Minor): string => formatMoney(Number(formatMinor(m)));
  return (
    <section className="bet-panel" aria-label={t('betRoom.panel')}>
      <div className="bet-panel__tabs">
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            if (k === 'rule') onOpenRules();
            else setTab(k === 'num' ? 'num' : 'base');
          }}
        >
          <Tabs.Tab title={t('betRoom.tabMixed')} key="base" />
          <Tabs.Tab title={t('betRoom.tabNumber')} key="num" />
          <Tabs.Tab title={t('betRoom.tabRules')} key="rule" />
        </Tabs>
        <button type="button" className="icon-button bet-panel__info" aria-label={t('betRoom.infoOpen', { tab: tabTitle })} onClick={() => setInfoOpen(true)}>
          <InformationCircleOutline aria-hidden="true" />
        </button>
      </div>
      <Popup visible={infoOpen} onMaskClick={() => setInfoOpen(false)} onClose={() => setInfoOpen(false)} bodyClassName="sheet" showCloseButton>
        <OddsInfo items={items} title={t('betRoom.infoTitle', { tab: tabTitle })} />
      </Popup>
      <div className={tab === 'base' ? 'odds-grid' : 'odds-grid odds-grid--num'} role="group" aria-label={tabTitle}>
        {items.map((item) => (
          <OddsButton
            key={item.id}
            item={item}
            ball={tab === 'num'}
            selected={selected.includes(item.class)}
            onToggle={() => toggle(item.class)}
            disabled={disabled || busy}
          />
        ))}
      </div>
      <div className="bet-panel__footer">
        {selected.length > 0 ? (
          <ul className="slip" aria-label={t('betRoom.slip')}>
            {selected.map((c) => {
              const p = payoutOf(c);
              return (
                <li key={c} className="slip__item">
                  <button type="button" className="slip__remove" aria-label={t('betRoom.slipRemove', { name: nameOf(c) })} onClick={() => toggle(c)}>
                    <span className="slip__name">{nameOf(c)}</span>
                    {p !== null ? <span className="slip__payout money">{t('betRoom.slipPayout', { amount: money(p) })}</span> : null}
                    <CloseOutline aria-hidden="true" className="slip__x" />
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <p className="bet-panel__summary small" aria-live="polite">
          {t('betRoom.summary', { count: selected.length, total: totalText })}
          {bestText !== null ? ` · ${t('betRoom.bestPayout', { amount: bestText })}` : ''}
        </p>
        <div className="bet-panel__amounts" role="group" aria-label={t('betRoom.quickAmounts')}>
          {QUICK_AMOUNTS.map((q) => (
            <button key={q} type="button" className="chip-button" disabled={disabled || busy} onClick={() => setAmount(String(q))}>
              {q}
            </button>
          ))}
          <button
            type="button"
            className="chip-button"
            disabled={disabled || busy || moneyMinor === null}
            onClick={() => setAmount(formatMinor(maxQuickAmountMinor(moneyMinor ?? 0, selected.length)))}
          >
            {t('betRoom.max')}
          </button>
        </div>
        <div className="bet-panel__row">
          <label className="bet-panel__label" htmlFor="bet-amount">
            {t('betRoom.amount')}
          </label>
          <Input
            id="bet-amount"
            className="bet-panel__input"
            inputMode="decimal"
            placeholder={t('betRoom.amountPlaceholder')}
            value={amount}
            onChange={setAmount}
            disabled={disabled || busy}
          />
          <Button color="primary" loading={busy} disabled={disabled} onClick={() => void submit()}>
            {t('betRoom.bet')}
          </Button>
        </div>
        {overBalance && !slip.ok ? (
          <p className="bet-panel__reason small" role="alert">
            {ruleMessage(slip.error, slip.params)}
          </p>
        ) : null}
        {disabledReason !== null ? (
          <p className="bet-panel__reason small" role="status">
            {disabledReason}
          </p>
        ) : null}
      </div>
    </section>
  );
}
