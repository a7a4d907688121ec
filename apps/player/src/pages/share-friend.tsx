import { Button, Skeleton, Toast } from 'antd-mobile';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../app/hooks';
import { LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';

/** The QR code library loads only on this screen. */
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/** The invite link (register with `inviter_id` = the invite code) as text and QR code, with copy. */
export default function ShareFriendPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, error, reload } = useUser();
  // The API gives an invite code to agents only (null for other members).
  const code = user?.invite_code ?? null;
  const link = code !== null && code !== '' ? `${window.location.origin}/register?inviter_id=${code}` : '';
  const copy = async (): Promise<void> => {
    const copied = navigator.clipboard
      ? await navigator.clipboard.writeText(link).then(
          () => true,
          () => false,
        )
      : false;
    Toast.show(copied ? { icon: 'success', content: t('common.copied') } : { icon: 'fail', content: t('clipboard.failed') });
  };
  return (
    <Page title={t('share.title')}>
      <section className="card center">
        <p>{t('share.text')}</p>
        {link === '' ? (
          user ? (
            <>
              <p className="muted">{t('share.agentsOnly')}</p>
              <Button block size="large" onClick={() => void navigate('/customer')}>
                {t('login.contactService')}
              </Button>
            </>
          ) : error !== null ? (
            <LoadError message={error} onRetry={reload} />
          ) : (
            <p className="muted">{t('common.loading')}</p>
          )
        ) : (
          <p>
            {t('personal.inviteCode')}: <strong className="money">{code}</strong>
          </p>
        )}
        <div className={link !== '' ? 'qr' : ''}>
          {link !== '' ? (
            <Suspense fallback={<Skeleton animated className="qr__skeleton" />}>
              <QRCodeSVG value={link} size={200} marginSize={2} title={t('share.qr')} />
            </Suspense>
          ) : null}
        </div>
        {link !== '' ? (
          <>
            <p className="break small">{link}</p>
            <Button block color="primary" size="large" onClick={() => void copy()}>
              {t('share.copy')}
            </Button>
          </>
        ) : null}
      </section>
    </Page>
  );
}
