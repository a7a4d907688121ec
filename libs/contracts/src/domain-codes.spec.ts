import { isErrorCode } from './error-codes';

/**
 * Run-time twin of `domain-codes.check.ts`: every code `@sum28/domain` can return is an ErrorCode.
 * Jest maps the package to its sources; the domain must export `DOMAIN_ERROR_CODES`.
 */
function loadDomainCodes(): readonly unknown[] | undefined {
  let mod: Record<string, unknown>;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mod = require('@sum28/domain') as Record<string, unknown>;
  } catch (e) {
    // Jest's resolver errors come from another realm: match the message, not the class.
    const message = String((e as { message?: unknown } | null)?.message ?? e);
    if (/Cannot find module|Could not locate module/.test(message) && message.includes('@sum28/domain')) return undefined;
    throw e;
  }
  const codes = mod['DOMAIN_ERROR_CODES'];
  if (codes === undefined) return undefined;
  return Array.isArray(codes) ? codes : Object.keys(codes as object);
}

const domainCodes = loadDomainCodes();

describe('DOMAIN_ERROR_CODES of @sum28/domain', () => {
  it('are all ErrorCode keys', () => {
    expect(domainCodes).toBeDefined();
    const unknown = (domainCodes ?? []).filter((c) => !isErrorCode(c));
    expect(unknown).toEqual([]);
  });
});
