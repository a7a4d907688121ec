import type { OddsItem, OddsListResponse, PlayOrderRequest, PlayOrderResponse } from '@sum28/contracts';
import {
  bestPayoutMinor,
  checkBetSlip,
  checkOppositeBet,
  DEFAULT_OPPOSITE_BET_POLICY,
  formatMinor,
  isPlayType,
  maxQuickAmountMinor,
  parseOddsDecimal,
  payoutMinor,
  QUICK_AMOUNTS,
  winningCount,
  type HeldBet,
  type Minor,
  type OppositeBetPolicy,
} from '@sum28/domain';
import { Button, Dialog, Input, Tabs, Toast } from 'antd-mobile';
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, ruleMessage } from '../../app/format';
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
  /** The player's bets already placed in the target round (the opposite-bet rule counts them). */
  held?: readonly HeldBet[];
  /** The opposite-bet rule in force (`index/config`). */
  policy?: OppositeBetPolicy;
}

const percent = (n: number): string => `${(Math.round(n * 100) / 100).toFixed(2)}%`;

/** The odds of one category: name, odds, probability (libs/domain) and return to player. */
function OddsButton({
  item,
  selected,
  payout,
  onToggle,
  disabled,
}: {
  item: OddsItem;
  selected: boolean;
  /** What this selection pays back if it hits, at the slip's stake (null without a valid stake). */
  payout: Minor | null;
  onToggle: () => void;
  disabled: boolean;
}): ReactElement {
  const { t } = useTranslation();
  const probability = isPlayType(item.class) ? winningCount(item.class) / 10 : null;
  return (
    <button
      type="button"
      className={selected ? 'odds odds--on' : 'odds'}
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      data-class={item.class}
    >
      <span className="odds__name">{item.class_name}</span> <span className="odds__value">{item.odds.toFixed(2)}</span>{' '}
      <span className="odds__meta">
        {probability !== null ? t('betRoom.probability', { p: percent(probability) }) : ''} · {t('betRoom.rtp', { p: percent(item.rtp) })}
      </span>
      {selected && payout !== null ? (
        <span className="odds__payout">{t('betRoom.payoutIfHit', { amount: formatMoney(Number(formatMinor(payout))) })}</span>
      ) : null}
    </button>
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
  held = [],
  policy = DEFAULT_OPPOSITE_BET_POLICY,
}: BetPanelProps): ReactElement {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'base' | 'num'>('base');
  const [selected, setSelected] = useState<readonly string[]>([]);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
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
    const soFar: HeldBet[] = [...held];
    for (const c of selected) {
      if (!isPlayType(c)) continue;
      const next = { playType: c, stake: slip.value.stake };
      if (!checkOppositeBet(soFar, next, policy).ok) opposite.push(c);
      soFar.push(next);
    }
    const nameOf = (c: string): string => allItems.find((o) => o.class === c)?.class_name ?? c;
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
  return (
    <section className="bet-panel" aria-label={t('betRoom.panel')}>
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
      <div
        className={tab === 'base' ? 'odds-grid' : 'odds-grid odds-grid--num'}
        role="group"
        aria-label={tab === 'base' ? t('betRoom.tabMixed') : t('betRoom.tabNumber')}
      >
        {items.map((item) => (
          <OddsButton
            key={item.id}
            item={item}
            selected={selected.includes(item.class)}
            payout={payoutOf(item.class)}
            onToggle={() => toggle(item.class)}
            disabled={disabled || busy}
          />
        ))}
      </div>
      <div className="bet-panel__footer">
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
        </div>
        <div className="bet-panel__row">
          <span className="small" aria-live="polite">
            {t('betRoom.summary', { count: selected.length, total: totalText })}
            {bestText !== null ? (
              <>
                <br />
                {t('betRoom.bestPayout', { amount: bestText })}
              </>
            ) : null}
          </span>
          <Button color="primary" size="small" loading={busy} disabled={disabled} onClick={() => void submit()}>
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
