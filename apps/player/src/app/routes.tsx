import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen of spec section 2. `auth`: needs a stored token. `tab`: shows the bottom tab bar. */
export interface RouteDef {
  path: string;
  auth: boolean;
  tab?: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

type Loader = () => Promise<{ default: ComponentType }>;
const loaders = new Map<LazyExoticComponent<ComponentType>, Loader>();
const page = (load: Loader): LazyExoticComponent<ComponentType> => {
  const component = lazy(load);
  loaders.set(component, load);
  return component;
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
];

/** The spec's capitalized spellings of some routes (spec section 2); they lead to the same screens. */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/Notice': '/notice',
  '/CapitalDetail': '/capitalDetail',
  '/Withdraw': '/withdraw',
  '/Recharge': '/recharge',
};

/** Paths that show the bottom tab bar. */
export const TAB_PATHS: readonly string[] = ROUTES.filter((r) => r.tab === true).map((r) => r.path);

/**
 * Starts loading the chunk of the screen at `pathname` (login instead when it needs a session and there is none),
 * so it downloads while the entry is still reading the screen texts. `import()` caches: `lazy` gets the same module.
 */
export function preloadScreen(pathname: string, signedIn: boolean): void {
  const path = ROUTE_ALIASES[pathname] ?? pathname;
  const route = ROUTES.find((r) => r.path === path);
  const target = route !== undefined && route.auth && !signedIn ? ROUTES.find((r) => r.path === '/login') : route;
  const load = target !== undefined ? loaders.get(target.Page) : undefined;
  void load?.().catch(() => undefined);
}
