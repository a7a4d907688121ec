import { APP_VERSION } from '@sum28/domain';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';

export default function AboutPage(): ReactElement {
  const { t } = useTranslation();
  return (
    <Page title={t('about.title')}>
      <section className="card center">
        <div className="auth__logo" aria-hidden="true">
          28
        </div>
        <h2>Sum28</h2>
        <p>{t('about.version', { version: APP_VERSION })}</p>
        <p className="muted">{t('about.text')}</p>
        <p className="muted small">{t('about.copyright', { year: new Date().getFullYear() })}</p>
      </section>
    </Page>
  );
}
