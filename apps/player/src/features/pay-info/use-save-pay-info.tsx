import { Popup } from 'antd-mobile';
import type { SetPayInfoRequest } from '@sum28/contracts';
import { useCallback, useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api';
import { ApiError } from '../../app/api-client';
import { getUser } from '../../app/session';
import { SecurityKeypad } from '../keypad/SecurityKeypad';
import { afterPayInfoRefusal, payInfoBody } from './pay-info-flow';

type Body = Omit<SetPayInfoRequest, 'securityCode'>;

/**
 * Saves a bank card or wallet. When the player has a security code (or the server asks for one) the same keypad
 * sheet as the withdrawal asks for it first; a wrong code clears the keypad; other refusals close it.
 */
export function useSavePayInfo(onSaved: () => void): { save: (body: Body) => void; sheet: ReactElement } {
  const { t } = useTranslation();
  const pending = useRef<Body | null>(null);
  const [open, setOpen] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const send = useCallback(
    (code: string | null) => {
      const body = pending.current;
      if (body === null) return;
      api.call('setPayInfo', payInfoBody(body, code)).then(
        () => {
          setOpen(false);
          pending.current = null;
          onSaved();
        },
        (e: unknown) => {
          const next = e instanceof ApiError ? afterPayInfoRefusal(e.key) : 'stop';
          setResetKey((k) => k + 1);
          if (next === 'stop') setOpen(false);
          else setOpen(true);
        },
      );
    },
    [onSaved],
  );

  const save = (body: Body): void => {
    pending.current = body;
    if (getUser()?.has_security_code === true) {
      setResetKey((k) => k + 1);
      setOpen(true);
    } else send(null);
  };

  const sheet = (
    <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="sheet" aria-label={t('withdraw.enterCode')}>
      <h2 className="sheet__title">{t('withdraw.enterCode')}</h2>
      <SecurityKeypad label={t('security.title')} onComplete={send} resetKey={resetKey} />
    </Popup>
  );
  return { save, sheet };
}
