import { Button, Skeleton } from 'antd-mobile';
import { PAY_TYPE } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../app/hooks';
import { LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import { BankCardFace, WalletCardFace } from '../components/PayCard';

/** Query `type`: 0 the bank card, 1 the USDT wallet, drawn as a card; numbers shown masked except the last 4. */
export default function BankCardManagePage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const type = params.get('type') === '1' ? PAY_TYPE.WALLET : PAY_TYPE.BANK_CARD;
  const info = useApi('payInfo', { type });
  const isCard = type === PAY_TYPE.BANK_CARD;
  const item = info.data;
  return (
    <Page title={isCard ? t('wallet.bankCard') : t('wallet.usdt')}>
      {info.loading && item === undefined ? (
        <Skeleton.Paragraph animated className="pad" />
      ) : info.error !== null ? (
        <LoadError message={info.error} onRetry={info.reload} />
      ) : item ? (
        <section className="pad">
          <h2 className="section__title section__title--flush">{t('card.bound')}</h2>
          {isCard ? (
            <BankCardFace bank={item.acc_bank ?? ''} holder={item.acc} number={item.acc_name} />
          ) : (
            <WalletCardFace network={item.acc_name} address={item.acc} />
          )}
        </section>
      ) : (
        <p className="pad muted center">{isCard ? t('card.noneCard') : t('card.noneWallet')}</p>
      )}
      <div className="pad">
        <Button block color="primary" size="large" onClick={() => void navigate(isCard ? '/addBankCard' : '/addVirtualWallet')}>
          {item ? t('card.replace') : isCard ? t('card.addCard') : t('card.addWallet')}
        </Button>
      </div>
    </Page>
  );
}
