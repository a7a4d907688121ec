import { dictionary } from '@zxcvbn-ts/language-common';
import { ApiError } from './api-error';

let common: ReadonlySet<string> | undefined;

/**
 * One of the ~49,000 passwords most common in leaked lists (zxcvbn-ts's common dictionary: `password`, `12345678`,
 * `abc123`, `passw0rd`, ...), compared without case. Read on first use (a few MB, once per process).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords);
  return common.has(password.normalize('NFKC').toLowerCase());
}

/** Refuses a common password (PASSWORD_TOO_COMMON): a cheap check, before any hash. */
export function assertNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiError('PASSWORD_TOO_COMMON');
}
