import type { SignedInUserInfo, UserInfo } from '@sum28/contracts';
import { Toast } from 'antd-mobile';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../app/api-client';
import { saveLogin } from '../../app/session';
import { LOGIN_TOAST_MS } from '../../app/timing';
import type { CaptchaTicket } from '../../components/Captcha';

export interface SignIn {
  busy: boolean;
  /** Bumped after a refused attempt: the captcha (and its proof of work) is drawn again. */
  captchaKey: number;
  onTicket: (c: CaptchaTicket) => void;
  /**
   * Sends the request with the current captcha id and its solved proof of work, stores the session, shows the
   * success toast for 500 ms and then opens `target(user)`. A refusal clears the typed captcha (`clearCaptcha`)
   * and draws a new one; the API client has already shown the server's message.
   */
  run: (
    send: (captchaId: string, pow: string | undefined) => Promise<{ userinfo: SignedInUserInfo }>,
    success: string,
    target: (user: UserInfo) => string,
    clearCaptcha: () => void,
  ) => Promise<void>;
}

/** The sign-in flow login and register share (spec section 4). */
export function useSignIn(): SignIn {
  const navigate = useNavigate();
  const ticket = useRef<CaptchaTicket | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const onTicket = useCallback((c: CaptchaTicket) => {
    ticket.current = c;
  }, []);
  const run: SignIn['run'] = async (send, success, target, clearCaptcha) => {
    setBusy(true);
    try {
      const pow = await ticket.current?.pow.catch(() => undefined);
      const { userinfo } = await send(ticket.current?.id ?? '', pow);
      saveLogin(userinfo);
      Toast.show({ icon: 'success', content: success, duration: LOGIN_TOAST_MS });
      setTimeout(() => void navigate(target(userinfo), { replace: true }), LOGIN_TOAST_MS);
    } catch (e) {
      if (e instanceof ApiError) {
        clearCaptcha();
        setCaptchaKey((k) => k + 1);
      }
    } finally {
      setBusy(false);
    }
  };
  return { busy, captchaKey, onTicket, run };
}
