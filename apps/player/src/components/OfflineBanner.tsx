import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../app/online';

/** A banner while the device is offline (design: every state designed). */
export function OfflineBanner(): ReactElement | null {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <div className="offline-banner" role="alert">
      {t('common.offline')}
    </div>
  );
}
