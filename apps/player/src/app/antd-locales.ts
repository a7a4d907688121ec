import type { Locale } from '@sum28/domain';
import enUS from 'antd-mobile/es/locales/en-US';
import jaJP from 'antd-mobile/es/locales/ja-JP';
import koKR from 'antd-mobile/es/locales/ko-KR';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import zhTW from 'antd-mobile/es/locales/zh-TW';

/** antd-mobile's own texts (pickers, dialogs) in each of our locales. */
export const ANTD_LOCALES = { tw: zhTW, zh: zhCN, en: enUS, jp: jaJP, kor: koKR } as const satisfies Record<Locale, typeof enUS>;
