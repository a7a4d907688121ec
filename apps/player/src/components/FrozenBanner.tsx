import { NoticeBar } from 'antd-mobile';
import type { UserSummary } from '@sum28/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

/** While the account is frozen for review (`is_frozen`): says so, with the server's reason in the player's language. */
export function FrozenBanner({ user }: { user: Pick<UserSummary, 'is_frozen' | 'frozen_reason'> | null | undefined }): ReactElement | null {
  const { t } = useTranslation();
  if (user?.is_frozen !== true) return null;
  const reason = user.frozen_reason?.trim() ?? '';
  return (
    <div role="alert">
      <NoticeBar
        color="alert"
        wrap
        content={
          <>
            <strong>{t('personal.frozen')}</strong>
            {reason !== '' ? <span className="block">{t('personal.frozenReason', { reason })}</span> : null}
          </>
        }
      />
    </div>
  );
}
