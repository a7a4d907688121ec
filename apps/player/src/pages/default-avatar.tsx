import { DEFAULT_AVATARS, type DefaultAvatar } from '@sum28/domain';
import { Grid, Toast } from 'antd-mobile';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { useUser } from '../app/hooks';
import { hasSession, saveUser } from '../app/session';
import { AVATAR_COLOURS } from '../components/Avatar';
import { Page } from '../components/Page';

/** The default-avatar grid (spec section 2): tapping one stores it through `user/profile` (no upload exists). */
export default function DefaultAvatarPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUser();
  const [saving, setSaving] = useState<DefaultAvatar | null>(null);
  const choose = async (avatar: DefaultAvatar): Promise<void> => {
    if (!hasSession()) {
      void navigate('/login');
      return;
    }
    setSaving(avatar);
    const updated = await api.call('profile', { avatar }).catch(() => null);
    setSaving(null);
    if (updated === null) return;
    saveUser(updated);
    Toast.show({ icon: 'success', content: t('common.saved') });
    void navigate(-1);
  };
  return (
    <Page title={t('baseInfo.defaultAvatar')}>
      <Grid columns={3} gap={16} className="pad">
        {DEFAULT_AVATARS.map((a, i) => (
          <Grid.Item key={a}>
            <button
              type="button"
              className={user?.avatar === a ? 'avatar-choice avatar-choice--current' : 'avatar-choice'}
              aria-pressed={user?.avatar === a}
              aria-label={t('baseInfo.avatarN', { n: i + 1 })}
              disabled={saving !== null}
              onClick={() => void choose(a)}
            >
              <span className="avatar avatar--large" style={{ background: AVATAR_COLOURS[a] }} aria-hidden="true">
                {i + 1}
              </span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </Page>
  );
}
