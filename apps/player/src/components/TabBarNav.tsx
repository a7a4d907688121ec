import { TabBar } from 'antd-mobile';
import { AppOutline, HistogramOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

/** Bottom tabs: Home, Find (the charts), Wallet, Personal. */
export function TabBarNav(): ReactElement {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { key: '/', title: t('tabs.home'), icon: <AppOutline /> },
    { key: '/find', title: t('find.tab'), icon: <HistogramOutline /> },
    { key: '/wallet', title: t('tabs.wallet'), icon: <PayCircleOutline /> },
    { key: '/personal', title: t('tabs.personal'), icon: <UserOutline /> },
  ];
  return (
    <nav className="tabbar" aria-label={t('tabs.label')}>
      <TabBar activeKey={pathname} onChange={(key) => void navigate(key)} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} />
        ))}
      </TabBar>
    </nav>
  );
}
