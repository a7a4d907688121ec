import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  it('has working defaults: port 3000, SQLite file, Taipei, 10:00-02:00, 210 s rounds closing 30 s early', () => {
    const cfg = loadConfig({});
    expect(cfg).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:data/lottery.sqlite',
      captchaRequired: true,
      schedulerEnabled: true,
      passwordHashProfile: 'owasp',
    });
    expect(cfg.schedule).toEqual({ tz: 'Asia/Taipei', openHours: { start: 600, end: 120 }, roundSeconds: 210, betCloseSeconds: 30 });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ OPEN_HOURS: '25:00-02:00' }, /OPEN_HOURS/],
    [{ ROUND_SECONDS: '12', BET_CLOSE_SECONDS: '12' }, /BET_CLOSE_SECONDS/],
    [{ PLATFORM_TZ: 'Mars/Olympus' }, /PLATFORM_TZ/],
    [{ CAPTCHA_MODE: 'off', NODE_ENV: 'production' }, /CAPTCHA_MODE=off is refused/],
    [{ PASSWORD_HASH_PROFILE: 'test', NODE_ENV: 'production' }, /PASSWORD_HASH_PROFILE=test is refused/],
    [{ PASSWORD_HASH_PROFILE: 'fast' }, /PASSWORD_HASH_PROFILE/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'x', OPEN_HOURS: 'sometimes' });
      throw new Error('should not pass');
    } catch (e) {
      expect((e as ConfigError).problems.length).toBe(2);
    }
  });

  it('accepts OPEN_HOURS=always and test-speed rounds', () => {
    const cfg = loadConfig({ OPEN_HOURS: 'always', ROUND_SECONDS: '12', BET_CLOSE_SECONDS: '3', CAPTCHA_MODE: 'off', NODE_ENV: 'test' });
    expect(cfg.schedule.openHours).toBe('always');
    expect(cfg.captchaRequired).toBe(false);
  });

  it('serves /docs by default outside production only; API_DOCS decides either way', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'on' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });
});
