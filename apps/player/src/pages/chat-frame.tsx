import { ErrorBlock } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { chatUrlOf, useCustomerService } from '../features/customer/customer-service';

/** The external customer-service chat (`cs.chat_url` of `index/config`), embedded; says so when none is configured. */
export default function ChatFramePage(): ReactElement {
  const { t } = useTranslation();
  const { cs, loading } = useCustomerService();
  const url = chatUrlOf(cs);
  return (
    <Page title={t('customer.chat')} className="page--frame">
      {url !== null ? (
        <iframe className="chat-frame" src={url} title={t('customer.chat')} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />
      ) : loading ? null : (
        <ErrorBlock status="disconnected" title={t('customer.chatUnavailable')} description={t('customer.chatUnavailableText')} />
      )}
    </Page>
  );
}
