import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../app/api';
import { solvePowInBackground } from '../app/pow-solver';
import { isLargeCaptcha, setLargeCaptcha } from '../app/session';

/** What a sign-in sends back: the captcha id and the proof of work being solved for it in the background. */
export interface CaptchaTicket {
  id: string;
  pow: Promise<string>;
}

/** The picture's pixels at each size the API draws (`size=large` is twice the normal one). */
const PIXELS = { normal: [150, 50], large: [300, 100] } as const;

/**
 * The server's captcha image; a click draws a new one. Reports the id to send back with the typed text and
 * starts solving its proof of work silently (in a Worker), so it is usually ready before the form is.
 * "Larger picture" asks for a new challenge drawn at twice the size (people misread the small one), and is
 * remembered on this device.
 */
export function Captcha({ onId, refreshKey }: { onId: (ticket: CaptchaTicket) => void; refreshKey: number }): ReactElement {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [isLarge, setIsLarge] = useState(isLargeCaptcha);
  const size = isLarge ? 'large' : 'normal';
  const load = useCallback(() => {
    api
      .call('captcha', { size }, { silent: true })
      .then((c) => {
        setImage(c.image);
        const pow = solvePowInBackground(c.pow);
        pow.catch(() => undefined);
        onId({ id: c.captcha_id, pow });
      })
      .catch(() => setImage(null));
  }, [onId, size]);
  useEffect(load, [load, refreshKey]);
  const toggleSize = (): void => {
    setLargeCaptcha(!isLarge);
    setIsLarge(!isLarge);
  };
  const [width, height] = PIXELS[size];
  return (
    <span className="captcha-box">
      <button type="button" className={isLarge ? 'captcha captcha--large' : 'captcha'} onClick={load} aria-label={t('login.captchaRefresh')}>
        {image !== null ? <img src={image} alt={t('login.captchaImage')} width={width} height={height} /> : <span>{t('login.captchaRefresh')}</span>}
      </button>
      <button type="button" className="link-button captcha-box__size" aria-pressed={isLarge} onClick={toggleSize}>
        {t('login.captchaLarger')}
      </button>
    </span>
  );
}
