import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';
import { APP_CONFIG, type AppConfig, type PasswordHashProfile } from '../common/config/app-config';

/** argon2id parameters per profile: OWASP's (m = 19 MiB, t = 2, p = 1) in production, and argon2's cheapest for tests. */
export const HASH_OPTIONS: Readonly<Record<PasswordHashProfile, { type: 2; memoryCost: number; timeCost: number; parallelism: number }>> = {
  owasp: { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 },
  // PASSWORD_HASH_PROFILE=test (refused when NODE_ENV=production): the same algorithm and encoding, a fraction of the
  // work, so a suite that signs up thousands of players spends its time on what it tests.
  test: { type: argon2.argon2id, memoryCost: 1024, timeCost: 2, parallelism: 1 },
};

/** argon2id for passwords and security codes, with the parameters of the configured profile. */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummy: Promise<string> | null = null;
  private readonly options: (typeof HASH_OPTIONS)[PasswordHashProfile];

  constructor(@Inject(APP_CONFIG) cfg: AppConfig) {
    this.options = HASH_OPTIONS[cfg.passwordHashProfile];
  }

  /** The dummy hash is made at start-up, so the first unknown-user check costs no more than the others. */
  onModuleInit(): void {
    this.dummy ??= this.hash('dummy-password-for-timing');
  }

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, this.options);
  }

  async verify(hash: string | null | undefined, secret: string): Promise<boolean> {
    if (!hash) {
      // Same cost as a real check, so timing does not tell whether an account exists.
      this.dummy ??= this.hash('dummy-password-for-timing');
      await argon2.verify(await this.dummy, secret).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, secret);
    } catch {
      return false;
    }
  }
}
