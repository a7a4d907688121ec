import { Button, Collapse } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Page } from '../components/Page';
import { chatUrlOf, hoursOf, useCustomerService } from '../features/customer/customer-service';

const FAQ = [1, 2, 3, 4, 5] as const;

/** FAQ, the hours and the online chat of `index/config` (embedded in /iframe, or opened outside). Customer service also resets forgotten passwords. */
export default function CustomerPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cs, loading } = useCustomerService();
  const url = chatUrlOf(cs);
  const hours = hoursOf(cs);
  return (
    <Page title={t('customer.title')}>
      <section className="card">
        {hours !== null ? <p>{t('customer.hoursValue', { hours })}</p> : null}
        {url !== null ? (
          <>
            <Button block color="primary" size="large" onClick={() => void navigate('/iframe')}>
              {t('customer.chat')}
            </Button>
            <p className="center small">
              <a href={url} target="_blank" rel="noopener noreferrer">
                {t('customer.openOutside')}
              </a>
            </p>
          </>
        ) : loading ? null : (
          <>
            <p className="strong">{t('customer.chatUnavailable')}</p>
            <p className="muted small">{t('customer.chatUnavailableText')}</p>
          </>
        )}
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
