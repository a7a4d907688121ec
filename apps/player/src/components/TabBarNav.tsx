import { TabBar } from 'antd-mobile';
import { AppOutline, HistogramOutline, PayCircleOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasSession } from '../app/session';
import { useUnreadMessages } from '../features/notice/unread';

/** Bottom tabs: Home, Find (the charts), Wallet, Personal; Personal carries the count of unread in-site messages. */
export function TabBarNav(): ReactElement {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadMessages(hasSession());
  const tabs = [
    { key: '/', title: t('tabs.home'), icon: <AppOutline /> },
    { key: '/find', title: t('find.tab'), icon: <HistogramOutline /> },
    { key: '/wallet', title: t('tabs.wallet'), icon: <PayCircleOutline /> },
    {
      key: '/personal',
      title: (
        <>
          {t('tabs.personal')}
          {unread > 0 ? <span className="sr-only"> {t('tabs.unreadMessages', { count: unread })}</span> : null}
        </>
      ),
      icon: <UserOutline />,
      badge: unread > 0 ? (unread > 99 ? '99+' : unread) : undefined,
    },
  ];
  return (
    <nav className="tabbar" aria-label={t('tabs.label')}>
      <TabBar activeKey={pathname} onChange={(key) => void navigate(key)} safeArea>
        {tabs.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={tab.title} badge={tab.badge} />
        ))}
      </TabBar>
    </nav>
  );
}
