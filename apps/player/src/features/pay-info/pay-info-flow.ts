import type { ErrorCode, SetPayInfoRequest } from '@sum28/contracts';

/** What `user/setPayInfo` gets: the checked account, plus the security code when one was typed. */
export function payInfoBody(body: Omit<SetPayInfoRequest, 'securityCode'>, code: string | null): SetPayInfoRequest {
  return code === null ? body : { ...body, securityCode: code };
}

/**
 * After `user/setPayInfo` refused: ask for the security code (the server needs one: SECURITY_CODE_REQUIRED),
 * let the player type it again (a wrong one), or stop (any other refusal, e.g. PASSWORD_RESET_HOLD or
 * ACCOUNT_FROZEN, whose server message the failure toast already shows).
 */
export function afterPayInfoRefusal(key: ErrorCode | 'NETWORK' | 'UNKNOWN'): 'askCode' | 'retryCode' | 'stop' {
  if (key === 'SECURITY_CODE_REQUIRED') return 'askCode';
  if (key === 'SECURITY_CODE_WRONG' || key === 'SECURITY_CODE_INVALID') return 'retryCode';
  return 'stop';
}
