import type * as C from './content.contract';
import type * as L from './lottery.contract';
import type * as O from './order.contract';
import type * as U from './user.contract';
import type * as W from './wallet.contract';

/** Every player API path is under this base (`/index.php/api/...`). */
export const PLAYER_API_BASE = '/index.php';
/** Every console API path is under this base (`/admin-api/...`; the console app calls it on the same origin). */
export const CONSOLE_API_BASE = '/admin-api';

/** The API a request path belongs to (its answers' shape and headers): the player's, the console's, or none (documents, docs, health). */
export function apiOf(url: string): 'player' | 'console' | null {
  if (url.startsWith(CONSOLE_API_BASE)) return 'console';
  if (url.startsWith(PLAYER_API_BASE)) return 'player';
  return null;
}

/** Method and path of every player API call (spec section 7 plus captcha, logout, verify). */
export const PLAYER_ENDPOINTS = {
  index: { method: 'GET', path: '/api/index/index' },
  articleList: { method: 'GET', path: '/api/index/articleList' },
  lotteryIndex: { method: 'POST', path: '/api/Lottery/index' },
  heart: { method: 'POST', path: '/api/Lottery/heart' },
  oddsList: { method: 'POST', path: '/api/Lottery/oddsList' },
  playOrder: { method: 'POST', path: '/api/Lottery/playOrder' },
  issueList: { method: 'POST', path: '/api/Lottery/issueList' },
  cand: { method: 'POST', path: '/api/Lottery/cand' },
  verify: { method: 'POST', path: '/api/Lottery/verify' },
  captcha: { method: 'GET', path: '/api/user/captcha' },
  register: { method: 'POST', path: '/api/user/register' },
  login: { method: 'POST', path: '/api/user/login' },
  logout: { method: 'POST', path: '/api/user/logout' },
  userInfo: { method: 'POST', path: '/api/user/userInfo' },
  quantityLogList: { method: 'POST', path: '/api/user/quantityLogList' },
  orderList: { method: 'POST', path: '/api/user/orderList' },
  orderDetail: { method: 'POST', path: '/api/user/orderDetail' },
  payInfo: { method: 'POST', path: '/api/user/payInfo' },
  setPayInfo: { method: 'POST', path: '/api/user/setPayInfo' },
  safetyInfo: { method: 'POST', path: '/api/user/safetyInfo' },
  setSafety: { method: 'POST', path: '/api/user/setSafety' },
  newPass: { method: 'POST', path: '/api/user/newPass' },
  withdrawInfo: { method: 'POST', path: '/api/user/withdrawInfo' },
  withdrawAction: { method: 'POST', path: '/api/user/withdrawAction' },
  recharge: { method: 'POST', path: '/api/user/recharge' },
  getGameResult: { method: 'POST', path: '/api/user/getGameResult' },
  closeGameResult: { method: 'POST', path: '/api/user/closeGameResult' },
  profile: { method: 'POST', path: '/api/user/profile' },
  getMyTeam: { method: 'POST', path: '/api/user/getMyTeam' },
  rechargeQuote: { method: 'POST', path: '/api/user/rechargeQuote' },
  config: { method: 'GET', path: '/api/index/config' },
  noticeList: { method: 'POST', path: '/api/user/noticeList' },
  noticeRead: { method: 'POST', path: '/api/user/noticeRead' },
} as const;

export type PlayerEndpoint = keyof typeof PLAYER_ENDPOINTS;

/**
 * Calls that need no `token` header (spec section 6: all but login and register send it; the
 * captcha is needed before login, and anyone may verify a drawn round).
 */
export const PUBLIC_PLAYER_ENDPOINTS = ['captcha', 'register', 'login', 'verify'] as const satisfies readonly PlayerEndpoint[];

/** Request and response (`data` of the envelope) of each call, for typed clients and DTO checks. */
export interface PlayerApi {
  index: { request: C.IndexRequest; response: C.IndexResponse };
  articleList: { request: C.ArticleListRequest; response: C.ArticleListResponse };
  lotteryIndex: { request: L.LotteryIndexRequest; response: L.LotteryIndexResponse };
  heart: { request: L.HeartRequest; response: L.HeartResponse };
  oddsList: { request: L.OddsListRequest; response: L.OddsListResponse };
  playOrder: { request: L.PlayOrderRequest; response: L.PlayOrderResponse };
  issueList: { request: L.IssueListRequest; response: L.IssueListResponse };
  cand: { request: L.CandRequest; response: L.CandResponse };
  verify: { request: L.VerifyRequest; response: L.VerifyResponse };
  captcha: { request: U.CaptchaRequest; response: U.CaptchaResponse };
  register: { request: U.RegisterRequest; response: U.RegisterResponse };
  login: { request: U.LoginRequest; response: U.LoginResponse };
  logout: { request: U.LogoutRequest; response: U.LogoutResponse };
  userInfo: { request: U.UserInfoRequest; response: U.UserInfoResponse };
  quantityLogList: { request: W.QuantityLogListRequest; response: W.QuantityLogListResponse };
  orderList: { request: O.OrderListRequest; response: O.OrderListResponse };
  orderDetail: { request: O.OrderDetailRequest; response: O.OrderDetailResponse };
  payInfo: { request: W.PayInfoRequest; response: W.PayInfoResponse };
  setPayInfo: { request: W.SetPayInfoRequest; response: W.SetPayInfoResponse };
  safetyInfo: { request: W.SafetyInfoRequest; response: W.SafetyInfoResponse };
  setSafety: { request: W.SetSafetyRequest; response: W.SetSafetyResponse };
  newPass: { request: U.NewPassRequest; response: U.NewPassResponse };
  withdrawInfo: { request: W.WithdrawInfoRequest; response: W.WithdrawInfoResponse };
  withdrawAction: { request: W.WithdrawActionRequest; response: W.WithdrawActionResponse };
  recharge: { request: W.RechargeRequest; response: W.RechargeResponse };
  getGameResult: { request: O.GetGameResultRequest; response: O.GetGameResultResponse };
  closeGameResult: { request: O.CloseGameResultRequest; response: O.CloseGameResultResponse };
  profile: { request: U.ProfileRequest; response: U.ProfileResponse };
  getMyTeam: { request: U.GetMyTeamRequest; response: U.GetMyTeamResponse };
  rechargeQuote: { request: W.RechargeQuoteRequest; response: W.RechargeQuoteResponse };
  config: { request: C.ConfigRequest; response: C.ConfigResponse };
  noticeList: { request: C.NoticeListRequest; response: C.NoticeListResponse };
  noticeRead: { request: C.NoticeReadRequest; response: C.NoticeReadResponse };
}

type AssertTrue<T extends true> = T;
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time check: `PlayerApi` describes exactly the calls of `PLAYER_ENDPOINTS`. */
export type PlayerApiCoversEndpoints = AssertTrue<SameKeys<keyof PlayerApi, PlayerEndpoint>>;

export type PlayerRequest<E extends PlayerEndpoint> = PlayerApi[E]['request'];
export type PlayerResponse<E extends PlayerEndpoint> = PlayerApi[E]['response'];

/** Full URL path of a call, e.g. `playerApiPath('heart')` is `/index.php/api/Lottery/heart`. */
export function playerApiPath(endpoint: PlayerEndpoint): string {
  return PLAYER_API_BASE + PLAYER_ENDPOINTS[endpoint].path;
}
