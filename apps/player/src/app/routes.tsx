import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A screen of spec section 2. `auth`: needs a stored token. `tab`: shows the bottom tab bar. */
export interface RouteDef {
  path: string;
  auth: boolean;
  tab?: boolean;
  Page: ComponentType;
}

type Loader = () => Promise<{ default: ComponentType }>;
const loaders = new Map<ComponentType, Loader>();
/**
 * A lazily loaded screen. Once its chunk is here it renders directly: the first screen, loaded by `main.tsx` before
 * the first render, then never suspends (a suspended first render shows the fallback and React holds the real screen
 * back for at least 300 ms after that).
 */
const page = (load: Loader): ComponentType => {
  let loaded: ComponentType | undefined;
  const loadOnce: Loader = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(loadOnce);
  const Screen = (): ReactElement => createElement(loaded ?? Lazy);
  loaders.set(Screen, loadOnce);
  return Screen;
};

/** Every route, declared once; each screen is its own lazily loaded chunk. */
export const ROUTES: readonly RouteDef[] = [
  { path: '/login', auth: false, Page: page(() => import('../pages/login')) },
  { path: '/register', auth: false, Page: page(() => import('../pages/register')) },
  { path: '/', auth: true, tab: true, Page: page(() => import('../pages/home')) },
  { path: '/wallet', auth: true, tab: true, Page: page(() => import('../pages/wallet')) },
  { path: '/personal', auth: true, tab: true, Page: page(() => import('../pages/personal')) },
  { path: '/language', auth: false, Page: page(() => import('../pages/language')) },
  { path: '/setting', auth: false, Page: page(() => import('../pages/setting')) },
  { path: '/changeline', auth: false, Page: page(() => import('../pages/change-line')) },
  { path: '/about', auth: false, Page: page(() => import('../pages/about')) },
  { path: '/system', auth: false, Page: page(() => import('../pages/system')) },
  { path: '/baseinfo', auth: false, Page: page(() => import('../pages/base-info')) },
  { path: '/defaultAvatar', auth: false, Page: page(() => import('../pages/default-avatar')) },
  { path: '/bankCardManage', auth: false, Page: page(() => import('../pages/bank-card-manage')) },
  { path: '/addBankCard', auth: false, Page: page(() => import('../pages/add-bank-card')) },
  { path: '/addVirtualWallet', auth: false, Page: page(() => import('../pages/add-virtual-wallet')) },
  { path: '/changePassword', auth: false, Page: page(() => import('../pages/change-password')) },
  { path: '/actionCenter', auth: false, Page: page(() => import('../pages/action-center')) },
  { path: '/shareFriend', auth: false, Page: page(() => import('../pages/share-friend')) },
  { path: '/notice', auth: false, Page: page(() => import('../pages/notice')) },
  { path: '/setSecurityCode', auth: false, Page: page(() => import('../pages/set-security-code')) },
  { path: '/customer', auth: false, Page: page(() => import('../pages/customer')) },
  { path: '/iframe', auth: false, Page: page(() => import('../pages/chat-frame')) },
  { path: '/moreNews', auth: true, Page: page(() => import('../pages/more-news')) },
  { path: '/aticleDetail', auth: true, Page: page(() => import('../pages/article-detail')) },
  { path: '/capitalDetail', auth: true, Page: page(() => import('../pages/capital-detail')) },
  { path: '/withdraw', auth: true, Page: page(() => import('../pages/withdraw')) },
  { path: '/recharge', auth: true, Page: page(() => import('../pages/recharge')) },
  { path: '/myTeam', auth: true, Page: page(() => import('../pages/my-team')) },
  { path: '/lottery', auth: true, Page: page(() => import('../pages/lottery')) },
  { path: '/betRoom', auth: true, Page: page(() => import('../pages/bet-room')) },
  { path: '/find', auth: true, tab: true, Page: page(() => import('../pages/find')) },
  { path: '/lotteryDetail', auth: true, Page: page(() => import('../pages/lottery-detail')) },
  { path: '/lotteryExplain', auth: true, Page: page(() => import('../pages/lottery-explain')) },
  { path: '/trendChart', auth: true, Page: page(() => import('../pages/trend-chart')) },
  { path: '/rule', auth: true, Page: page(() => import('../pages/rule')) },
  { path: '/betRecord', auth: true, Page: page(() => import('../pages/bet-record')) },
  { path: '/betDetail', auth: true, Page: page(() => import('../pages/bet-detail')) },
  { path: '/fairness', auth: true, Page: page(() => import('../pages/fairness')) },
];

/** The spec's capitalized spellings of some routes (spec section 2); they lead to the same screens. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/Notice': '/notice',
  '/CapitalDetail': '/capitalDetail',
  '/Withdraw': '/withdraw',
  '/Recharge': '/recharge',
  '/BetRecord': '/betRecord',
};

/** Paths that show the bottom tab bar. */
export const TAB_PATHS: readonly string[] = ROUTES.filter((r) => r.tab === true).map((r) => r.path);

/**
 * Loads the chunk of the screen at `pathname` (login instead when it needs a session and there is none), so it
 * downloads while the entry is still reading the screen texts; `main.tsx` waits for it before the first render.
 * Never rejects (a failed chunk is retried by the screen's own lazy load, under its Suspense).
 */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> {
  const path = ROUTE_ALIASES[pathname] ?? pathname;
  const route = ROUTES.find((r) => r.path === path);
  const target = route !== undefined && route.auth && !signedIn ? ROUTES.find((r) => r.path === '/login') : route;
  const load = target !== undefined ? loaders.get(target.Page) : undefined;
  return load?.().catch(() => undefined) ?? Promise.resolve();
}
