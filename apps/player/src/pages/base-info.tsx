import { Button, Form, Input, List, Toast } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { useUser } from '../app/hooks';
import { saveUser } from '../app/session';
import { Avatar } from '../components/Avatar';
import { Page } from '../components/Page';

interface ProfileForm {
  nickname: string;
  mobile: string;
}

/** Username read-only; nickname and mobile editable; avatar: one of the system defaults (the API has no upload). */
export default function BaseInfoPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, data } = useUser();
  const save = async (v: ProfileForm): Promise<void> => {
    const mobile = v.mobile.trim();
    const updated = await api.call('profile', { nickname: v.nickname.trim(), ...(mobile !== '' && !mobile.includes('*') ? { mobile } : {}) }).catch(() => null);
    if (updated === null) return;
    saveUser(updated);
    Toast.show({ icon: 'success', content: t('common.saved') });
  };
  return (
    <Page title={t('baseInfo.title')}>
      <List mode="card">
        <List.Item extra={user?.username}>{t('login.username')}</List.Item>
        <List.Item onClick={() => void navigate('/defaultAvatar')} extra={<Avatar avatar={user?.avatar} username={user?.username} />}>
          {t('baseInfo.avatar')}
        </List.Item>
      </List>
      {data !== undefined ? (
        <Form
          layout="horizontal"
          mode="card"
          initialValues={{ nickname: data.nickname, mobile: data.mobile ?? '' }}
          onFinish={(v: ProfileForm) => void save(v)}
          footer={
            <Button block type="submit" color="primary" size="large">
              {t('common.save')}
            </Button>
          }
        >
          <Form.Item name="nickname" label={t('baseInfo.nickname')}>
            <Input maxLength={30} clearable />
          </Form.Item>
          <Form.Item name="mobile" label={t('baseInfo.mobile')}>
            <Input inputMode="tel" maxLength={20} clearable />
          </Form.Item>
        </Form>
      ) : null}
    </Page>
  );
}
