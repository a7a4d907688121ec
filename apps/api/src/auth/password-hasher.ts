import { Injectable, type OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with OWASP parameters (m = 19 MiB, t = 2, p = 1) for passwords and security codes. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummy: Promise<string> | null = null;

  /** The dummy hash is made at start-up, so the first unknown-user check costs no more than the others. */
  onModuleInit(): void {
    this.dummy ??= this.hash('dummy-password-for-timing');
  }

  hash(secret: string): Promise<string> {
    return argon2.hash(secret, OPTIONS);
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
