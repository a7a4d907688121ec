import { GlobalOutline } from 'antd-mobile-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** The language toggle of the headers: opens /language. */
export function LanguageButton(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button type="button" className="icon-button" onClick={() => void navigate('/language')} aria-label={t('language.title')}>
      <GlobalOutline aria-hidden="true" />
      <span>{t('language.current')}</span>
    </button>
  );
}
