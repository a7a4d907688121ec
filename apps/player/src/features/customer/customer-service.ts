import type { CustomerService } from '@sum28/contracts';
import { isHttpsUrl } from '@sum28/domain';
import { useApi } from '../../app/hooks';

/** The chat address to open or embed: only an https page; null when none is configured (or it is not https). */
export function chatUrlOf(cs: CustomerService | undefined): string | null {
  const url = cs?.chat_url.trim() ?? '';
  return isHttpsUrl(url) ? url : null;
}

/** Opening hours as the console set them, or null when not set. */
export function hoursOf(cs: CustomerService | undefined): string | null {
  const h = cs?.hours.trim() ?? '';
  return h === '' ? null : h;
}

/** Customer service as `GET index/config` answers it (silent: the screens show the 'not configured' state on failure). */
export function useCustomerService(): { cs: CustomerService | undefined; loading: boolean } {
  const { data, loading } = useApi('config', {}, { silent: true });
  return { cs: data?.cs, loading };
}
