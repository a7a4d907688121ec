import { Button, Collapse } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Page } from '../components/Page';

const FAQ = [1, 2, 3, 4, 5] as const;

/** FAQ and the online chat (opened in /iframe). Customer service also resets forgotten passwords. */
export default function CustomerPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('customer.title')}>
      <section className="card">
        <p>{t('customer.hours')}</p>
        <Button block color="primary" size="large" onClick={() => void navigate('/iframe')}>
          {t('customer.chat')}
        </Button>
      </section>
      <h2 className="section__title pad">{t('customer.faq')}</h2>
      <Collapse accordion>
        {FAQ.map((n) => (
          <Collapse.Panel key={String(n)} title={t(`customer.q${n}`)}>
            {t(`customer.a${n}`)}
          </Collapse.Panel>
        ))}
      </Collapse>
    </Page>
  );
}
