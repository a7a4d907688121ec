import { ErrorBlock } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';

/**
 * The external customer-service chat, embedded. Its address is the server's CS_CHAT_URL, which the player API
 * does not publish yet: until it does (or when it is empty) the screen says so instead of showing a blank frame.
 */
export default function ChatFramePage(): ReactElement {
  const { t } = useTranslation();
  const url = (window as Window & { SUM28_CHAT_URL?: string }).SUM28_CHAT_URL ?? '';
  return (
    <Page title={t('customer.chat')} className="page--frame">
      {/^https:\/\//.test(url) ? (
        <iframe className="chat-frame" src={url} title={t('customer.chat')} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />
      ) : (
        <ErrorBlock status="disconnected" title={t('customer.chatUnavailable')} description={t('customer.chatUnavailableText')} />
      )}
    </Page>
  );
}
