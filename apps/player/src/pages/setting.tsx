import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MenuList } from '../components/MenuList';
import { Page } from '../components/Page';

/** Query `type`: 1 the settings menu, 2 the account-info menu (spec section 2). */
export default function SettingPage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const account = params.get('type') === '2';
  return account ? (
    <Page title={t('setting.accountTitle')}>
      <MenuList
        items={[
          { key: 'info', label: t('baseInfo.title'), to: '/baseinfo' },
          { key: 'card', label: t('wallet.bankCard'), to: '/bankCardManage?type=0' },
          { key: 'usdt', label: t('wallet.usdt'), to: '/bankCardManage?type=1' },
          { key: 'code', label: t('security.title'), to: '/setSecurityCode' },
          { key: 'password', label: t('password.title'), to: '/changePassword' },
        ]}
      />
    </Page>
  ) : (
    <Page title={t('setting.title')}>
      <MenuList
        items={[
          { key: 'line', label: t('changeLine.title'), to: '/changeline' },
          { key: 'about', label: t('about.title'), to: '/about' },
          { key: 'system', label: t('system.title'), to: '/system' },
          { key: 'language', label: t('language.title'), to: '/language', extra: t('language.current') },
        ]}
      />
    </Page>
  );
}
