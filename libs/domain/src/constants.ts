/** The four game lines (rooms' regions), by game id. */
export const GAME_LINES = [
  { id: 1, key: 'singapore', name: 'Singapore' },
  { id: 2, key: 'new_zealand', name: 'New Zealand' },
  { id: 3, key: 'kuala_lumpur', name: 'Kuala Lumpur' },
  { id: 4, key: 'australia', name: 'Australia' },
] as const;
export type GameLine = (typeof GAME_LINES)[number];
export type GameLineId = GameLine['id'];

/** Plan (room) tiers, in rising join_limit order. */
export const PLAN_TIERS = ['basic', 'senior', 'master', 'expert'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const TEAM_PAGE_SIZE = 20;
/** Bet-panel quick picks, in major units. */
export const QUICK_AMOUNTS = [5, 10, 50, 300, 500] as const;
/** Heartbeat and win-check polling interval. */
export const HEARTBEAT_MS = 2000;
/** Client timings of spec section 9: start-up overlay, login toast, banner autoplay, network retry delay and attempts. */
export const STARTUP_OVERLAY_MS = 1000;
export const LOGIN_TOAST_MS = 500;
export const BANNER_AUTOPLAY_MS = 5000;
export const RETRY_DELAY_MS = 2000;
export const MAX_ATTEMPTS = 7;

export const LOCALES = ['zh', 'tw', 'en', 'jp', 'kor'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'tw';
/** BCP 47 tags of our locales, for `<html lang>` and Intl (the server's plural forms and both apps). */
export const LOCALE_TAGS: Readonly<Record<Locale, string>> = { tw: 'zh-Hant-TW', zh: 'zh-Hans-CN', en: 'en', jp: 'ja', kor: 'ko' };

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as ReadonlyArray<string>).includes(x);
}

/** Session `localetype`: 0 follow system, 1 simplified, 2 traditional, 3 en, 4 jp, 5 kor. */
export const LOCALE_TYPES = { SYSTEM: 0, zh: 1, tw: 2, en: 3, jp: 4, kor: 5 } as const;

export const APP_VERSION = '21.04.02';
