import { Button, Form, Input } from 'antd-mobile';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { deviceField } from '../app/session';
import { Captcha } from '../components/Captcha';
import { LanguageButton } from '../components/LanguageButton';
import { returnPath, takeSessionEnded } from '../features/auth/return-path';
import { useSignIn } from '../features/auth/use-sign-in';

interface LoginForm {
  account: string;
  password: string;
  captcha: string;
}

export default function LoginPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  // The page a signed-out visitor asked for: sign-in returns there (router state, or ?next= after a full reload).
  const back = returnPath((location.state as { from?: unknown } | null)?.from) ?? returnPath(params.get('next'));
  const [ended] = useState(takeSessionEnded);
  const [form] = Form.useForm<LoginForm>();
  const { busy, captchaKey, onTicket, run } = useSignIn();

  const submit = (v: LoginForm): Promise<void> =>
    run(
      (captchaId, pow) =>
        api.call('login', {
          account: v.account.trim(),
          password: v.password,
          captcha_id: captchaId,
          captcha: v.captcha.trim(),
          ...(pow !== undefined ? { pow } : {}),
          ...deviceField(),
        }),
      t('login.success'),
      (user) => (user.must_change_password ? '/changePassword?required=1' : (back ?? '/')),
      () => form.setFieldValue('captcha', ''),
    );

  return (
    <div className="auth">
      <div className="auth__top">
        <LanguageButton />
      </div>
      <div className="auth__brand">
        <div className="auth__logo" aria-hidden="true">
          28
        </div>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.subtitle')}</p>
      </div>
      {ended !== null ? (
        <p role="alert" className="auth__notice">
          {ended}
        </p>
      ) : null}
      <Form
        form={form}
        layout="horizontal"
        onFinish={(v: LoginForm) => void submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item name="account" label={t('login.username')} rules={[{ required: true, message: t('login.usernameRequired') }]}>
          <Input placeholder={t('login.usernamePlaceholder')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input type="password" placeholder={t('login.passwordPlaceholder')} autoComplete="current-password" clearable />
        </Form.Item>
        <Form.Item
          name="captcha"
          label={t('login.captcha')}
          rules={[{ required: true, message: t('login.captchaRequired') }]}
          description={<Captcha onId={onTicket} refreshKey={captchaKey} />}
        >
          <Input placeholder={t('login.captchaPlaceholder')} maxLength={4} autoComplete="off" />
        </Form.Item>
      </Form>
      <div className="auth__links">
        <Link to="/register">{t('login.toRegister')}</Link>
        <button
          type="button"
          className="link-button"
          onClick={() =>
            // antd-mobile's Dialog is loaded on this tap, not with the sign-in screen
            void import('antd-mobile/es/components/dialog').then(({ default: Dialog }) =>
              Dialog.confirm({
                content: t('login.forgotText'),
                confirmText: t('login.contactService'),
                cancelText: t('common.cancel'),
                onConfirm: () => void navigate('/customer'),
              }),
            )
          }
        >
          {t('login.forgot')}
        </button>
      </div>
    </div>
  );
}
