import { loginFor, SESSION_ENDED_KEY } from '../features/auth/return-path';
import { Toast } from 'antd-mobile';
import { createApiClient, type ApiClient } from './api-client';
import { i18n } from '../i18n';
import { clearSession, getLocale, getToken } from './session';

/** The app's API client: browser fetch, antd-mobile toasts, reload to /login when the session ends. */
export const api: ApiClient = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  getToken,
  getLang: getLocale,
  host: () => window.location.host,
  showLoading: () => {
    const handler = Toast.show({ icon: 'loading', content: i18n.t('common.loading'), duration: 0, maskClickable: true });
    return () => handler.close();
  },
  showFailure: (message) => {
    Toast.show({ icon: 'fail', content: message, duration: 2500 });
  },
  networkMessage: () => i18n.t('common.networkError'),
  onSessionEnd: (why) => {
    clearSession();
    // The sign-in screen says why the session ended (signed in elsewhere, ended by staff, expired), once.
    sessionStorage.setItem(SESSION_ENDED_KEY, why);
    window.location.replace(loginFor(window.location.pathname + window.location.search));
  },
  onPasswordChangeRequired: () => {
    if (window.location.pathname !== '/changePassword') window.location.replace('/changePassword?required=1');
  },
});
