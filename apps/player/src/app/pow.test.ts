// @vitest-environment node
import { createChallenge, verifySolution } from 'altcha-lib';
import type { PowChallenge } from '@sum28/contracts';
import { describe, expect, it } from 'vitest';
import { solvePow } from './pow';

const HMAC = 'test-hmac-key';

async function challenge(number: number, maxnumber: number): Promise<PowChallenge> {
  const c = await createChallenge({ hmacKey: HMAC, maxnumber, number, params: { cid: 'captcha-1' } });
  return { algorithm: 'SHA-256', challenge: c.challenge, maxnumber: c.maxnumber ?? maxnumber, salt: c.salt, signature: c.signature };
}

describe('solvePow (the proof of work sent with login and register)', () => {
  it('answers a payload that altcha-lib verifies, as the API does', async () => {
    const pow = await solvePow(await challenge(1234, 5000));
    await expect(verifySolution(pow, HMAC, false)).resolves.toBe(true);
    expect(JSON.parse(atob(pow))).toMatchObject({ algorithm: 'SHA-256', number: 1234 });
  });

  it('finds the last number in range', async () => {
    const pow = await solvePow(await challenge(3000, 3000));
    await expect(verifySolution(pow, HMAC, false)).resolves.toBe(true);
  });

  it('rejects a challenge with no solution in range', async () => {
    const c = await challenge(900, 900);
    await expect(solvePow({ ...c, maxnumber: 100 })).rejects.toThrow('no solution');
  });
});
