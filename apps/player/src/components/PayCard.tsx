import { maskAccount } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A masked account number in groups of four counted from its end, so the visible last four stand alone:
 * `************7890` -> `**** **** **** 7890`. The whole value stays (nothing is cut), and the gaps let a long
 * USDT address wrap between groups on a narrow screen.
 */
export function groupInFours(value: string): string {
  const chars = Array.from(value.replace(/\s+/g, ''));
  const groups: string[] = [];
  for (let end = chars.length; end > 0; end -= 4) groups.unshift(chars.slice(Math.max(0, end - 4), end).join(''));
  return groups.join(' ');
}

/** The last four characters of an account (what the masked value shows), for screen readers. */
function lastFour(value: string): string {
  return Array.from(value).slice(-4).join('');
}

/**
 * The bound bank card drawn as a card: bank name, the number masked (libs/domain `maskAccount`) and grouped in
 * fours, the holder. `compact` for a list of cards to pick from (withdraw).
 */
export function BankCardFace({ bank, holder, number, compact = false }: { bank: string; holder: string; number: string; compact?: boolean }): ReactElement {
  const { t } = useTranslation();
  const masked = maskAccount(number);
  return (
    <div className={compact ? 'pay-card pay-card--bank pay-card--compact' : 'pay-card pay-card--bank'}>
      <div className="pay-card__top">
        <span className="pay-card__name">{bank}</span>
        <span className="pay-card__kind">{t('wallet.bankCard')}</span>
      </div>
      <div className="pay-card__number" aria-hidden="true">
        {groupInFours(masked)}
      </div>
      <span className="sr-only">{t('card.endingIn', { last: lastFour(masked) })}</span>
      <div className="pay-card__foot">
        <span className="pay-card__label">{t('card.holder')}</span>
        <span className="pay-card__holder">{holder}</span>
      </div>
    </div>
  );
}

/** The bound USDT wallet drawn as a card: network and the whole masked address, wrapped between groups of four. */
export function WalletCardFace({ network, address, compact = false }: { network: string; address: string; compact?: boolean }): ReactElement {
  const { t } = useTranslation();
  const masked = maskAccount(address);
  return (
    <div className={compact ? 'pay-card pay-card--wallet pay-card--compact' : 'pay-card pay-card--wallet'}>
      <div className="pay-card__top">
        <span className="pay-card__name">USDT</span>
        <span className="pay-card__network">
          <span className="sr-only">{t('card.network')}: </span>
          {network.toUpperCase()}
        </span>
      </div>
      <div className="pay-card__foot">
        <span className="pay-card__label">{t('card.address')}</span>
        <span className="pay-card__number pay-card__number--address" aria-hidden="true">
          {groupInFours(masked)}
        </span>
        <span className="sr-only">{t('card.endingIn', { last: lastFour(masked) })}</span>
      </div>
    </div>
  );
}
