import { CONSOLE_API_BASE } from '@sum28/contracts';
import { fetchUtils } from 'react-admin';
import { i18n } from './i18n/i18n';
import { readSession } from './session';

/** The console API's root (same origin: the API serves the console at /admin/). */
export const API_ROOT = CONSOLE_API_BASE;

/** The headers every console call carries: the bearer token and the staff member's language (server messages). */
export function apiHeaders(token: string | null = readSession()?.token ?? null): Headers {
  const h = new Headers({ Accept: 'application/json', 'X-Lang': i18n.language });
  if (token !== null) h.set('Authorization', `Bearer ${token}`);
  return h;
}

/** fetchJson with the token and language; errors are HttpError(message from the API, status, body). */
export function httpClient(url: string, options: fetchUtils.Options = {}): ReturnType<typeof fetchUtils.fetchJson> {
  const headers = apiHeaders();
  new Headers(options.headers as HeadersInit | undefined).forEach((v, k) => headers.set(k, v));
  return fetchUtils.fetchJson(url, { ...options, headers });
}
