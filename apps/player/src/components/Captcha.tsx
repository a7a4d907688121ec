import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';

/** The server's captcha image; a click draws a new one. Reports the id to send back with the typed text. */
export function Captcha({ onId, refreshKey }: { onId: (id: string) => void; refreshKey: number }): ReactElement {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .call('captcha', {}, { silent: true })
      .then((c) => {
        setImage(c.image);
        onId(c.captcha_id);
      })
      .catch(() => setImage(null));
  }, [onId]);
  useEffect(load, [load, refreshKey]);
  return (
    <button type="button" className="captcha" onClick={load} aria-label={t('login.captchaRefresh')}>
      {image !== null ? <img src={image} alt={t('login.captchaImage')} width={100} height={40} /> : <span>{t('login.captchaRefresh')}</span>}
    </button>
  );
}
