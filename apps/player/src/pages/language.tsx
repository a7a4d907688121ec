import { CheckList } from 'antd-mobile';
import { LOCALES, type Locale } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { getLocale, setLocale } from '../app/session';
import { HTML_LANG } from '../i18n';
import { Page } from '../components/Page';

/** Each language named in itself. */
const NAMES: Readonly<Record<Locale, string>> = { tw: '繁體中文', zh: '简体中文', en: 'English', jp: '日本語', kor: '한국어' };

/** Spec section 4: changing language reloads the page. */
export default function LanguagePage(): ReactElement {
  const { t } = useTranslation();
  const current = getLocale();
  return (
    <Page title={t('language.title')}>
      <CheckList
        mode="card"
        value={[current]}
        onChange={(v) => {
          const next = v[0] as Locale | undefined;
          if (next === undefined || next === current) return;
          setLocale(next);
          window.location.reload();
        }}
      >
        {LOCALES.map((l) => (
          <CheckList.Item key={l} value={l}>
            <span lang={HTML_LANG[l]}>{NAMES[l]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </Page>
  );
}
