import { Inject, Injectable } from '@nestjs/common';
import { CaptchaEntity, TxRunner } from '@sum28/database';
import { CAPTCHA_LENGTH, captchaMatches, generateCaptchaText } from '@sum28/domain';
import { randomInt, randomUUID } from 'node:crypto';
import { LessThan } from 'typeorm';
// svg-captcha's typings declare only its helpers, not the callable module itself (see renderCaptcha).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import svgCaptchaModule = require('svg-captcha');
import { ApiError } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../common/config/app-config';
import { distortCaptchaSvg } from './captcha-distort';

const TTL_MS = 5 * 60_000;
/** svg-captcha's module is itself the render-this-text function; its typings only declare the helpers. */
const renderCaptcha = svgCaptchaModule as unknown as (text: string, options: Record<string, unknown>) => string;
const RND_RANGE = 2 ** 32;
/** Uniform in [0, 1) from the CSPRNG: the distortion must not be predictable either. */
const cryptoRnd = (): number => randomInt(RND_RANGE) / RND_RANGE;

/**
 * Server-issued captcha: the answer is kept server-side, checked case-insensitively, and consumed on the
 * first attempt whether right or wrong (a replayed id is refused). CAPTCHA_MODE=off skips it (tests only).
 */
@Injectable()
export class CaptchaService {
  constructor(
    private readonly tx: TxRunner,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly cfg: AppConfig,
  ) {}

  async issue(): Promise<{ captcha_id: string; image: string; expires_in: number; length: number }> {
    const text = generateCaptchaText((max) => randomInt(max));
    const id = randomUUID();
    const now = this.clock.now();
    await this.tx.write(async (m) => {
      await m.delete(CaptchaEntity, { expires_at: LessThan(now) });
      await m.insert(CaptchaEntity, { id, answer: text, expires_at: now + TTL_MS, used_at: null });
    });
    // Every glyph distorted anew per challenge, so the same character never yields the same path.
    const svg = distortCaptchaSvg(renderCaptcha(text, { noise: 4, color: true, width: 120, height: 44, fontSize: 46 }), cryptoRnd);
    return { captcha_id: id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expires_in: TTL_MS / 1000, length: CAPTCHA_LENGTH };
  }

  get required(): boolean {
    return this.cfg.captchaRequired;
  }

  /** Verifies and consumes. Throws CAPTCHA_REQUIRED / CAPTCHA_INVALID. */
  async verify(id: string | undefined, answer: string | undefined): Promise<void> {
    if (!this.cfg.captchaRequired) return;
    if (!id || !answer) throw new ApiError('CAPTCHA_REQUIRED');
    const now = this.clock.now();
    const row = await this.tx.write(async (m) => {
      const found = await m.findOne(CaptchaEntity, { where: { id } });
      if (!found || found.used_at !== null || found.expires_at < now) return null;
      const res = await m.createQueryBuilder().update(CaptchaEntity).set({ used_at: now }).where('id = :id AND used_at IS NULL', { id }).execute();
      return res.affected === 1 ? found : null;
    });
    if (!row || !captchaMatches(row.answer, answer)) throw new ApiError('CAPTCHA_INVALID');
  }
}
