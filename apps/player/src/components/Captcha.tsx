import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { solvePowInBackground } from '../app/pow-solver';

/** What a sign-in sends back: the captcha id and the proof of work being solved for it in the background. */
export interface CaptchaTicket {
  id: string;
  pow: Promise<string>;
}

/**
 * The server's captcha image; a click draws a new one. Reports the id to send back with the typed text and
 * starts solving its proof of work silently (in a Worker), so it is usually ready before the form is.
 */
export function Captcha({ onId, refreshKey }: { onId: (ticket: CaptchaTicket) => void; refreshKey: number }): ReactElement {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const load = useCallback(() => {
    api
      .call('captcha', {}, { silent: true })
      .then((c) => {
        setImage(c.image);
        const pow = solvePowInBackground(c.pow);
        pow.catch(() => undefined);
        onId({ id: c.captcha_id, pow });
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
