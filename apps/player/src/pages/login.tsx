import { Button, Dialog, Form, Input, Toast } from 'antd-mobile';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { ApiError } from '../app/api-client';
import { saveLogin } from '../app/session';
import { LOGIN_TOAST_MS } from '../app/timing';
import { Captcha, type CaptchaTicket } from '../components/Captcha';
import { LanguageButton } from '../components/LanguageButton';

interface LoginForm {
  account: string;
  password: string;
  captcha: string;
}

export default function LoginPage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const ticket = useRef<CaptchaTicket | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const onId = useCallback((c: CaptchaTicket) => {
    ticket.current = c;
  }, []);

  const submit = async (v: LoginForm): Promise<void> => {
    setBusy(true);
    try {
      const pow = await ticket.current?.pow.catch(() => undefined);
      const { userinfo } = await api.call('login', {
        account: v.account.trim(),
        password: v.password,
        captcha_id: ticket.current?.id ?? '',
        captcha: v.captcha.trim(),
        ...(pow !== undefined ? { pow } : {}),
      });
      saveLogin(userinfo);
      Toast.show({ icon: 'success', content: t('login.success'), duration: LOGIN_TOAST_MS });
      setTimeout(() => void navigate(userinfo.must_change_password ? '/changePassword?required=1' : '/', { replace: true }), LOGIN_TOAST_MS);
    } catch (e) {
      if (e instanceof ApiError) {
        form.setFieldValue('captcha', '');
        setCaptchaKey((k) => k + 1);
      }
    } finally {
      setBusy(false);
    }
  };

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
          extra={<Captcha onId={onId} refreshKey={captchaKey} />}
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
            void Dialog.confirm({
              content: t('login.forgotText'),
              confirmText: t('login.contactService'),
              cancelText: t('common.cancel'),
              onConfirm: () => void navigate('/customer'),
            })
          }
        >
          {t('login.forgot')}
        </button>
      </div>
    </div>
  );
}
