import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** A banner while the device is offline (design: every state designed). */
export function OfflineBanner(): ReactElement | null {
  const { t } = useTranslation();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = (): void => setOnline(true);
    const off = (): void => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  if (online) return null;
  return (
    <div className="offline-banner" role="alert">
      {t('common.offline')}
    </div>
  );
}
