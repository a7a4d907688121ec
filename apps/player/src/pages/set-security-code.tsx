import { Button, Form, Input, Skeleton, Toast } from 'antd-mobile';
import { isSecurityCode, SECURITY_CODE_LENGTH } from '@sum28/domain';
import { useCallback, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api } from '../app/api';
import { ruleMessage } from '../app/rule-message';
import { useApi } from '../app/hooks';
import { getUser, saveUser } from '../app/session';
import { LoadError } from '../components/EmptyState';
import { Page } from '../components/Page';
import { SecurityKeypad } from '../features/keypad/SecurityKeypad';

interface ChangeForm {
  old: string;
  next: string;
  confirm: string;
}

/**
 * Branches on whether a code is set: the keypad for the first code (six digits, then the same six again to confirm;
 * sent once both match) or old / new / confirm.
 */
export default function SetSecurityCodePage(): ReactElement {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useApi('safetyInfo');
  const [resetKey, setResetKey] = useState(0);
  const done = useCallback(() => {
    // The next bank card or wallet asks for the code up front (setPayInfo needs it once one is set).
    const user = getUser();
    if (user !== null) saveUser({ ...user, has_security_code: true });
    Toast.show({ icon: 'success', content: t('common.setSuccess') });
    void navigate(-1);
  }, [navigate, t]);
  // The first code is asked twice: typed, then typed again to confirm; a mismatch says so and asks the confirmation again.
  const [first, setFirst] = useState<string | null>(null);
  const [confirmTry, setConfirmTry] = useState(0);
  const [mismatch, setMismatch] = useState(false);
  const enterFirst = useCallback((code: string) => {
    setMismatch(false);
    setFirst(code);
  }, []);
  const confirmFirst = useCallback(
    (code: string) => {
      if (first === null) return;
      if (code !== first) {
        setMismatch(true);
        setConfirmTry((n) => n + 1);
        return;
      }
      setMismatch(false);
      api
        .call('setSafety', { new_code: first, confirm_code: code })
        .then(done)
        .catch(() => {
          // The API said no (its message is shown): start again from the first entry.
          setFirst(null);
          setResetKey((k) => k + 1);
        });
    },
    [done, first],
  );
  const startOver = (): void => {
    setMismatch(false);
    setFirst(null);
    setResetKey((k) => k + 1);
  };
  const change = async (v: ChangeForm): Promise<void> => {
    if (v.next !== v.confirm) {
      Toast.show({ icon: 'fail', content: ruleMessage('SECURITY_CODE_MISMATCH') });
      return;
    }
    if (!isSecurityCode(v.next)) {
      Toast.show({ icon: 'fail', content: ruleMessage('SECURITY_CODE_INVALID', { length: SECURITY_CODE_LENGTH }) });
      return;
    }
    const r = await api.call('setSafety', { after_code: v.old, new_code: v.next, confirm_code: v.confirm }).then(
      () => true,
      () => false,
    );
    if (r) done();
  };
  const digits = { inputMode: 'numeric' as const, maxLength: SECURITY_CODE_LENGTH, type: 'password', autoComplete: 'off' };
  return (
    <Page title={t('security.title')}>
      {info.loading && info.data === undefined ? (
        <Skeleton.Paragraph animated className="pad" />
      ) : info.error !== null ? (
        <LoadError message={info.error} onRetry={info.reload} />
      ) : info.data?.isTrue ? (
        <Form
          layout="horizontal"
          mode="card"
          onFinish={(v: ChangeForm) => void change(v)}
          footer={
            <Button block type="submit" color="primary" size="large">
              {t('common.confirm')}
            </Button>
          }
        >
          <Form.Item name="old" label={t('security.old')} rules={[{ required: true, message: t('security.oldRequired') }]}>
            <Input {...digits} placeholder={t('security.oldPlaceholder')} />
          </Form.Item>
          <Form.Item name="next" label={t('security.new')} rules={[{ required: true, message: t('security.newRequired') }]}>
            <Input {...digits} placeholder={t('security.newPlaceholder')} />
          </Form.Item>
          <Form.Item name="confirm" label={t('security.confirm')} rules={[{ required: true, message: t('security.confirmRequired') }]}>
            <Input {...digits} placeholder={t('security.confirmPlaceholder')} />
          </Form.Item>
        </Form>
      ) : (
        <section className="card">
          <p className="center" aria-live="polite">
            {first === null ? t('security.setHint') : t('security.confirmHint')}
          </p>
          {mismatch ? (
            <p className="center danger-text" role="alert">
              {ruleMessage('SECURITY_CODE_MISMATCH')}
            </p>
          ) : null}
          {first === null ? (
            <SecurityKeypad key="first" label={t('security.new')} onComplete={enterFirst} resetKey={resetKey} />
          ) : (
            <>
              <SecurityKeypad key={`confirm-${confirmTry}`} label={t('security.confirm')} onComplete={confirmFirst} />
              <Button block fill="none" color="primary" onClick={startOver}>
                {t('security.startOver')}
              </Button>
            </>
          )}
        </section>
      )}
    </Page>
  );
}
