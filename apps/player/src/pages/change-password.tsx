import { Button, Form, Input, NoticeBar, Toast } from 'antd-mobile';
import type { NewPassRequest } from '@sum28/contracts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { ApiError } from '../app/api-client';
import { ruleMessage } from '../app/rule-message';
import { getUser, saveUser } from '../app/session';
import { Page } from '../components/Page';

interface PasswordForm {
  old: string;
  next: string;
  confirm: string;
  securityCode?: string;
}

/** The `user/newPass` body; the security code goes with it when the form asks for it (first change after a staff reset). */
export function newPassBody(v: PasswordForm, askCode: boolean): NewPassRequest {
  const body: NewPassRequest = { after_pass: v.old, new_pass: v.next, confirm_pass: v.confirm };
  return askCode ? { ...body, securityCode: (v.securityCode ?? '').trim() } : body;
}

/** The security code is asked for on the forced change after a staff reset, when the player has one. */
export function asksSecurityCode(required: boolean, hasSecurityCode: boolean | undefined): boolean {
  return required && hasSecurityCode === true;
}

/** Old, new, confirm (spec section 5); also the forced step after a staff reset (`?required=1`). */
export default function ChangePasswordPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const required = params.get('required') === '1' || getUser()?.must_change_password === true;
  const [askCode, setAskCode] = useState(() => asksSecurityCode(required, getUser()?.has_security_code));
  const submit = async (v: PasswordForm): Promise<void> => {
    if (v.next !== v.confirm) {
      Toast.show({ icon: 'fail', content: ruleMessage('PASSWORD_MISMATCH') });
      return;
    }
    const ok = await api.call('newPass', newPassBody(v, askCode)).then(
      () => true,
      (e: unknown) => {
        if (e instanceof ApiError && e.key === 'SECURITY_CODE_REQUIRED') setAskCode(true);
        return false;
      },
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
        {askCode ? (
          <Form.Item name="securityCode" label={t('security.title')} rules={[{ required: true, message: t('password.codeRequired') }]}>
            <Input type="password" inputMode="numeric" maxLength={6} autoComplete="off" placeholder={t('password.codePlaceholder')} />
          </Form.Item>
        ) : null}
      </Form>
    </Page>
  );
}
