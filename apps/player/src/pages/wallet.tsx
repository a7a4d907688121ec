import { Button } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useBalanceHidden, useUser } from '../app/hooks';
import { MenuList } from '../components/MenuList';
import { Money } from '../components/Money';
import { Page } from '../components/Page';
import { HideToggle } from '../components/HideToggle';
import { TurnoverBar } from '../components/TurnoverBar';

export default function WalletPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const [hidden, toggleHidden] = useBalanceHidden();
  return (
    <Page title={t('wallet.title')} back={false}>
      <section className="card balance-card">
        <div className="balance-card__label">
          {t('wallet.available')}
          <HideToggle hidden={hidden} onToggle={toggleHidden} />
        </div>
        <Money value={user?.money} hidden={hidden} className="balance-card__value" />
        <div className="muted small">
          {t('wallet.frozen')}: <Money value={user?.lock_money} hidden={hidden} />
        </div>
        <div className="balance-card__buttons">
          <Button color="primary" onClick={() => void navigate('/recharge')}>
            {t('wallet.recharge')}
          </Button>
          <Button onClick={() => void navigate('/withdraw')}>{t('wallet.withdraw')}</Button>
        </div>
      </section>
      {user?.turnover !== undefined ? (
        <section className="card">
          <TurnoverBar turnover={user.turnover} hidden={hidden} />
        </section>
      ) : null}
      <MenuList
        items={[
          { key: 'card', label: t('wallet.bankCard'), to: '/bankCardManage?type=0' },
          { key: 'usdt', label: t('wallet.usdt'), to: '/bankCardManage?type=1' },
          { key: 'detail', label: t('capital.title'), to: '/capitalDetail' },
          { key: 'code', label: t('security.title'), to: '/setSecurityCode' },
        ]}
      />
    </Page>
  );
}
