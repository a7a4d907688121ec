import { Button, Checkbox, Form, Input } from 'antd-mobile';
import type { RegisterRequest } from '@sum28/contracts';
import { GROUP, inviterIdFromCode } from '@sum28/domain';
import { type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../app/api';
import { deviceField } from '../app/session';
import { Captcha } from '../components/Captcha';
import { LanguageButton } from '../components/LanguageButton';
import { useSignIn } from '../features/auth/use-sign-in';

interface RegisterForm {
  username: string;
  password: string;
  invite: string;
  captcha: string;
  adult: boolean;
}

/**
 * The register payload: a numeric invite code above the offset is sent as `inviter_id` (the offset rule of
 * libs/domain), anything else as typed in `invite_code` for the server to judge.
 */
export function registerPayload(v: RegisterForm, captchaId: string, pow?: string): RegisterRequest {
  const inviter = inviterIdFromCode(v.invite.trim());
  return {
    username: v.username.trim(),
    password: v.password,
    group_id: GROUP.NORMAL,
    ...(inviter.ok ? { inviter_id: inviter.value } : { invite_code: v.invite.trim() }),
    captcha_id: captchaId,
    captcha: v.captcha.trim(),
    ...(pow !== undefined ? { pow } : {}),
    ...deviceField(),
    adult: v.adult,
  };
}

export default function RegisterPage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RegisterForm>();
  const { busy, captchaKey, onTicket, run } = useSignIn();

  const submit = (v: RegisterForm): Promise<void> =>
    run(
      (captchaId, pow) => api.call('register', registerPayload(v, captchaId, pow)),
      t('register.success'),
      () => '/',
      () => form.setFieldValue('captcha', ''),
    );

  return (
    <div className="auth">
      <div className="auth__top">
        <LanguageButton />
      </div>
      <div className="auth__brand">
        <h1>{t('register.title')}</h1>
        <p className="muted">{t('register.subtitle')}</p>
      </div>
      <Form
        form={form}
        layout="horizontal"
        initialValues={{ invite: params.get('inviter_id') ?? '', adult: false }}
        onFinish={(v: RegisterForm) => void submit(v)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={busy}>
            {t('register.submit')}
          </Button>
        }
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('login.usernameRequired') }]}
          help={t('register.usernameHelp')}
        >
          <Input placeholder={t('login.usernamePlaceholder')} autoComplete="username" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
          help={t('register.passwordHelp')}
        >
          <Input type="password" placeholder={t('login.passwordPlaceholder')} autoComplete="new-password" clearable />
        </Form.Item>
        <Form.Item name="invite" label={t('register.invite')} rules={[{ required: true, message: t('register.inviteRequired') }]}>
          <Input placeholder={t('register.invitePlaceholder')} inputMode="numeric" clearable />
        </Form.Item>
        <Form.Item
          name="captcha"
          label={t('login.captcha')}
          rules={[{ required: true, message: t('login.captchaRequired') }]}
          description={<Captcha onId={onTicket} refreshKey={captchaKey} />}
        >
          <Input placeholder={t('login.captchaPlaceholder')} maxLength={4} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="adult"
          valuePropName="checked"
          rules={[{ validator: (_r, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('register.adultRequired')))) }]}
        >
          <Checkbox>{t('register.adult')}</Checkbox>
        </Form.Item>
      </Form>
      <div className="auth__links">
        <Link to="/login">{t('register.toLogin')}</Link>
      </div>
    </div>
  );
}
