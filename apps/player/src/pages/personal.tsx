import { Button, Dialog, Grid } from 'antd-mobile';
import {
  BankcardOutline,
  BillOutline,
  GlobalOutline,
  LockOutline,
  PayCircleOutline,
  ReceivePaymentOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { GROUP, minorToMajor, totalAssetsMinor } from '@sum28/domain';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { useBalanceHidden, useUser } from '../app/hooks';
import { minorOf } from '../app/format';
import { clearSession } from '../app/session';
import { MenuList, type MenuItem } from '../components/MenuList';
import { FrozenBanner } from '../components/FrozenBanner';
import { Money } from '../components/Money';
import { Avatar } from '../components/Avatar';
import { Page } from '../components/Page';
import { HideToggle } from '../components/HideToggle';

export default function PersonalPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const [hidden, toggleHidden] = useBalanceHidden();
  const isAgent = user?.group_id === GROUP.AGENT;

  const logout = async (): Promise<void> => {
    const ok = await Dialog.confirm({ content: t('personal.logoutConfirm'), confirmText: t('personal.logout'), cancelText: t('common.cancel') });
    if (!ok) return;
    await api.call('logout', {}, { silent: true }).catch(() => undefined);
    clearSession();
    void navigate('/login', { replace: true });
  };

  // The frequent places as an icon grid (4 a row), the rest as a list below it.
  const shortcuts: { key: string; label: string; to: string; icon: ReactNode }[] = [
    { key: 'recharge', label: t('wallet.recharge'), to: '/recharge', icon: <PayCircleOutline /> },
    { key: 'withdraw', label: t('wallet.withdraw'), to: '/withdraw', icon: <ReceivePaymentOutline /> },
    { key: 'bets', label: t('betRecord.title'), to: '/betRecord', icon: <UnorderedListOutline /> },
    { key: 'capital', label: t('capital.title'), to: '/capitalDetail', icon: <BillOutline /> },
    { key: 'card', label: t('wallet.bankCard'), to: '/bankCardManage?type=0', icon: <BankcardOutline /> },
    { key: 'usdt', label: t('wallet.usdt'), to: '/bankCardManage?type=1', icon: <GlobalOutline /> },
    { key: 'share', label: t('share.title'), to: '/shareFriend', icon: <UserAddOutline /> },
    isAgent
      ? { key: 'team', label: t('team.title'), to: '/myTeam', icon: <TeamOutline /> }
      : { key: 'code', label: t('security.title'), to: '/setSecurityCode', icon: <LockOutline /> },
  ];

  const items: MenuItem[] = [
    { key: 'notice', label: t('notice.title'), to: '/notice' },
    { key: 'news', label: t('news.title'), to: '/moreNews' },
    { key: 'action', label: t('action.title'), to: '/actionCenter' },
    { key: 'password', label: t('password.title'), to: '/changePassword' },
    ...(isAgent ? [{ key: 'code', label: t('security.title'), to: '/setSecurityCode' }] : []),
    { key: 'account', label: t('setting.accountTitle'), to: '/setting?type=2' },
    { key: 'settings', label: t('setting.title'), to: '/setting?type=1' },
    { key: 'customer', label: t('customer.title'), to: '/customer' },
    { key: 'about', label: t('about.title'), to: '/about' },
  ];

  // Total assets = available + frozen (libs/domain), with the two parts shown below it.
  const available = user !== null && user !== undefined ? minorOf(user.money) : null;
  const frozen = user !== null && user !== undefined ? minorOf(user.lock_money) : null;
  const total = available !== null && frozen !== null ? minorToMajor(totalAssetsMinor(available, frozen)) : undefined;

  return (
    <Page title={t('personal.title')} back={false}>
      <FrozenBanner user={user} />
      <section className="card profile">
        <button type="button" className="profile__head" onClick={() => void navigate('/baseinfo')}>
          <Avatar avatar={user?.avatar} username={user?.username} />
          <span>
            <strong>{user?.nickname || user?.username}</strong>
            <span className="muted small block">
              {t('personal.id')}: {user?.user_id}
              {user?.invite_code ? ` · ${t('personal.inviteCode')}: ${user.invite_code}` : ''}
            </span>
          </span>
        </button>
        <div className="profile__total">
          <div className="muted small">
            {t('personal.total')}
            <HideToggle hidden={hidden} onToggle={toggleHidden} />
          </div>
          <Money value={total} hidden={hidden} className="big-number" />
        </div>
        <div className="profile__money">
          <div>
            <div className="muted small">{t('wallet.available')}</div>
            <Money value={user?.money} hidden={hidden} />
          </div>
          <div>
            <div className="muted small">{t('wallet.frozen')}</div>
            <Money value={user?.lock_money} hidden={hidden} />
          </div>
        </div>
        {user?.turnover !== undefined ? (
          <div className="muted small">
            {t('withdraw.turnover')}: <Money value={user.turnover.done} hidden={hidden} /> / <Money value={user.turnover.required} hidden={hidden} />
          </div>
        ) : null}
      </section>
      <nav className="card shortcuts" aria-label={t('personal.shortcuts')}>
        <Grid columns={4} gap={4}>
          {shortcuts.map((s) => (
            <Grid.Item key={s.key}>
              <button type="button" className="shortcut" onClick={() => void navigate(s.to)}>
                <span className="shortcut__icon" aria-hidden="true">
                  {s.icon}
                </span>
                <span className="shortcut__label">{s.label}</span>
              </button>
            </Grid.Item>
          ))}
        </Grid>
      </nav>
      <MenuList items={items} />
      <div className="pad">
        <Button block color="danger" fill="outline" onClick={() => void logout()}>
          {t('personal.logout')}
        </Button>
      </div>
    </Page>
  );
}
