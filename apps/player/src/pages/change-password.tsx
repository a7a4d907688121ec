import { Button, Form, Input, NoticeBar, Toast } from 'antd-mobile';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { ruleMessage } from '../app/format';
import { getUser, saveUser } from '../app/session';
import { Page } from '../components/Page';

interface PasswordForm {
  old: string;
  next: string;
  confirm: string;
}

/** Old, new, confirm (spec section 5); also the forced step after a staff reset (`?required=1`). */
export default function ChangePasswordPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const required = params.get('required') === '1' || getUser()?.must_change_password === true;
  const submit = async (v: PasswordForm): Promise<void> => {
    if (v.next !== v.confirm) {
      Toast.show({ icon: 'fail', content: ruleMessage('PASSWORD_MISMATCH') });
      return;
    }
    const ok = await api.call('newPass', { after_pass: v.old, new_pass: v.next, confirm_pass: v.confirm }).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    const user = getUser();
    if (user !== null) saveUser({ ...user, must_change_password: false });
    Toast.show({ icon: 'success', content: t('common.setSuccess') });
    if (required) void navigate('/', { replace: true });
    else void navigate(-1);
  };
  return (
    <Page title={t('password.title')} back={!required}>
      {required ? <NoticeBar content={t('password.required')} color="alert" wrap /> : null}
      <Form
        layout="horizontal"
        mode="card"
        onFinish={(v: PasswordForm) => void submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large">
            {t('common.confirm')}
          </Button>
        }
      >
        <Form.Item name="old" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input type="password" autoComplete="current-password" placeholder={t('password.oldPlaceholder')} />
        </Form.Item>
        <Form.Item name="next" label={t('password.new')} rules={[{ required: true, message: t('password.newRequired') }]}>
          <Input type="password" autoComplete="new-password" placeholder={t('password.newPlaceholder')} />
        </Form.Item>
        <Form.Item name="confirm" label={t('password.confirm')} rules={[{ required: true, message: t('password.confirmRequired') }]}>
          <Input type="password" autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} />
        </Form.Item>
      </Form>
    </Page>
  );
}
