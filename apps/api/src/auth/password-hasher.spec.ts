import { loadConfig } from '../common/config/app-config';
import { HASH_OPTIONS, PasswordHasher } from './password-hasher';

describe(PasswordHasher.name, () => {
  it('hashes with OWASP argon2id parameters by default (m = 19 MiB, t = 2, p = 1): the production profile is pinned here', async () => {
    expect(HASH_OPTIONS.owasp).toEqual({ type: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const hasher = new PasswordHasher(loadConfig({ NODE_ENV: 'production' }));
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
  });

  it('uses the cheap profile only when told (PASSWORD_HASH_PROFILE=test), and its hashes verify under either profile', async () => {
    const test = new PasswordHasher(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_PROFILE: 'test' }));
    const hash = await test.hash('secret-pw-123');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=2\$/);
    // The parameters travel in the hash: a database filled in tests stays usable by a production-profile server.
    expect(await new PasswordHasher(loadConfig({})).verify(hash, 'secret-pw-123')).toBe(true);
  });

  it('answers false for a missing or malformed hash, after the same work as a real check', async () => {
    const hasher = new PasswordHasher(loadConfig({ PASSWORD_HASH_PROFILE: 'test' }));
    hasher.onModuleInit();
    expect(await hasher.verify(null, 'x')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });
});
