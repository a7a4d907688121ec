import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 8: an empty list shows 'no data' with a reload button. */
export function EmptyState({ onReload, text }: { onReload?: () => void; text?: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="empty" title={t('common.noData')} description={text ?? ''} className="empty">
      {onReload ? (
        <Button size="small" onClick={onReload}>
          {t('common.reload')}
        </Button>
      ) : null}
    </ErrorBlock>
  );
}

/** A failed load: what happened, and a retry. */
export function LoadError({ onRetry, message }: { onRetry: () => void; message: string }): ReactElement {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={t('common.loadFailed')} description={message} className="empty">
      <Button size="small" color="primary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
