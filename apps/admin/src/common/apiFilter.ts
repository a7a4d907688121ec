import { inviterIdFromCode } from '@sum28/domain';

/**
 * Filters the console offers that the API names differently, rewritten before the list call and the CSV export
 * (same rewrite for both, so the export holds exactly the listed rows):
 * - players by invite code: the code is the player's id + 100000 (libs/domain), so `invite_code` becomes `id`; a code
 *   that cannot be one becomes `id: []`, which matches nobody.
 */
export function toApiFilter(resource: string, filter: Record<string, unknown>): Record<string, unknown> {
  if (resource !== 'users' || filter['invite_code'] === undefined || filter['invite_code'] === '') return filter;
  const { invite_code: code, ...rest } = filter;
  const id = inviterIdFromCode(typeof code === 'number' ? String(code) : code);
  return { ...rest, id: id.ok ? id.value : [] };
}
