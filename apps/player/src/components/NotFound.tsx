import { Button, ErrorBlock } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function NotFound(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page page--center">
      <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.text')}>
        <Button color="primary" onClick={() => void navigate('/', { replace: true })}>
          {t('notFound.home')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
