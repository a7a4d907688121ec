import { Inject, Injectable } from '@nestjs/common';
import { CaptchaEntity, TxRunner } from '@sum28/database';
import { CAPTCHA_LENGTH, captchaMatches, generateCaptchaText } from '@sum28/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { LessThan } from 'typeorm';
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import type { CaptchaResponse, CaptchaSize } from '@sum28/contracts';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { renderCaptchaPng } from './captcha-image';
import { lookupText } from '../common/db/pg-text';

const TTL_MS = 5 * 60_000;
/** The salt parameter that binds a proof of work to its captcha (single use and expiry follow the captcha's). */
const POW_CAPTCHA_PARAM = 'captcha_id';
const RND_RANGE = 2 ** 32;
/** Uniform in [0, 1) from the CSPRNG: the distortion must not be predictable either. */
const cryptoRnd = (): number => randomInt(RND_RANGE) / RND_RANGE;

/**
 * Server-issued captcha: the answer is kept server-side, checked case-insensitively, and consumed on the
 * first attempt whether right or wrong (a replayed id is refused). The picture is a PNG drawn anew per
 * challenge (captcha-image.ts), and each challenge carries an ALTCHA proof of work whose salt names the captcha id,
 * so it is single use and expires with the captcha. CAPTCHA_MODE=off skips both (tests only).
 */
@Injectable()
export class CaptchaService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async issue(size: CaptchaSize = 'normal'): Promise<CaptchaResponse> {
    const text = generateCaptchaText((max) => randomInt(max));
    const id = randomUUID();
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      await m.delete(CaptchaEntity, { expires_at: LessThan(now) });
      await m.insert(CaptchaEntity, { id, answer: text, expires_at: now + TTL_MS, used_at: null });
    });
    // Drawn anew per challenge and sent as pixels only (captcha-image.ts).
    const png = renderCaptchaPng(text, cryptoRnd, size);
    const pow = await createChallenge({
      algorithm: 'SHA-256',
      hmacKey: this.cfg.powHmacKey,
      maxnumber: this.cfg.powMaxNumber,
      params: { [POW_CAPTCHA_PARAM]: id },
    });
    return {
      captcha_id: id,
      image: `data:image/png;base64,${png.toString('base64')}`,
      expires_in: TTL_MS / 1000,
      length: CAPTCHA_LENGTH,
      pow: { algorithm: 'SHA-256', challenge: pow.challenge, maxnumber: pow.maxnumber ?? this.cfg.powMaxNumber, salt: pow.salt, signature: pow.signature },
    };
  }

  get required(): boolean {
    return this.cfg.captchaRequired;
  }

  /**
   * Verifies and consumes the captcha, and the proof of work bound to it. Throws CAPTCHA_REQUIRED /
   * POW_REQUIRED when either is missing, POW_INVALID / CAPTCHA_INVALID after consuming the captcha.
   */
  async verify(id: string | undefined, answer: string | undefined, pow: string | undefined): Promise<void> {
    if (!this.cfg.captchaRequired) return;
    if (!id || !answer) throw new ApiError('CAPTCHA_REQUIRED');
    if (!pow) throw new ApiError('POW_REQUIRED');
    const now = this.clock.now();
    const row = await this.tx.write(async (m) => {
      const found = await m.findOne(CaptchaEntity, { where: { id: lookupText(id) } });
      if (!found || found.used_at !== null || found.expires_at < now) return null;
      const res = await m.createQueryBuilder().update(CaptchaEntity).set({ used_at: now }).where('id = :id AND used_at IS NULL', { id }).execute();
      return res.affected === 1 ? found : null;
    });
    if (!row) throw new ApiError('CAPTCHA_INVALID');
    if (!(await this.powSolves(pow, id))) throw new ApiError('POW_INVALID');
    if (!captchaMatches(row.answer, answer)) throw new ApiError('CAPTCHA_INVALID');
  }

  /** altcha-lib checks the signature (ours) and the solution; the salt must name this very captcha. */
  private async powSolves(pow: string, captchaId: string): Promise<boolean> {
    try {
      if (!(await verifySolution(pow, this.cfg.powHmacKey, false))) return false;
      return extractParams(pow)[POW_CAPTCHA_PARAM] === captchaId;
    } catch {
      return false; // not base64 JSON of the expected shape
    }
  }
}
