import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import { randomBytes } from 'node:crypto';
import { parseOpenHours, SUPPORT_HOURS, validateScheduleConfig, type ScheduleConfig } from '@sum28/domain';

/** pino's levels; `silent` turns the JSON request log off. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** argon2id parameters: `owasp` (the default) or `test` (cheap; refused when NODE_ENV=production). */
export const PASSWORD_HASH_PROFILES = ['owasp', 'test'] as const;
export type PasswordHashProfile = (typeof PASSWORD_HASH_PROFILES)[number];

const toInt = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** Every environment variable the API reads, validated once at boot. */
export class EnvDto {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT?: number;
  @IsOptional() @IsString() HOST?: string;
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: string;
  @IsOptional()
  @Matches(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, { message: 'DATABASE_URL must be sqlite:<file> or postgres://user@host/db' })
  DATABASE_URL?: string;
  @IsOptional() @IsIn(['better-sqlite3', 'sqlite3']) DB_DRIVER?: string;
  @IsOptional() @IsString() PLATFORM_TZ?: string;
  @IsOptional() @IsString() OPEN_HOURS?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(5) @Max(86400) ROUND_SECONDS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(86399) BET_CLOSE_SECONDS?: number;
  @IsOptional() @IsIn(['required', 'off']) CAPTCHA_MODE?: string;
  @IsOptional() @IsIn(PASSWORD_HASH_PROFILES) PASSWORD_HASH_PROFILE?: string;
  @IsOptional()
  @Matches(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { message: 'ADMIN_USERNAME must be 4-32 letters, digits or _' })
  ADMIN_USERNAME?: string;
  @IsOptional() @IsString() @MinLength(10, { message: 'ADMIN_PASSWORD must have at least 10 characters' }) ADMIN_PASSWORD?: string;
  @IsOptional() @IsString() CS_CHAT_URL?: string;
  @IsOptional() @Matches(new RegExp(`${SUPPORT_HOURS.source}|^$`), { message: 'CS_HOURS must be HH:MM-HH:MM' }) CS_HOURS?: string;
  @IsOptional() @IsIn(['on', 'off']) SCHEDULER?: string;
  @IsOptional() @IsIn(['true', 'false']) SEED_DEMO?: string;
  @IsOptional() @IsIn(['true', 'false']) TRUST_PROXY?: string;
  @IsOptional() @IsIn(['on', 'off']) API_DOCS?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(8760) SESSION_TTL_HOURS?: number;
  @IsOptional() @IsString() REDIS_URL?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000) SIGNIN_RATE_LIMIT?: number;
  @IsOptional() @IsString() @MinLength(32, { message: 'POW_HMAC_KEY must have at least 32 characters' }) POW_HMAC_KEY?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(10_000_000) POW_MAX_NUMBER?: number;
  /** Fault hook for crash tests: settlement waits this long inside its transaction before committing. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(600_000) FAULT_SETTLE_DELAY_MS?: number;
  @IsOptional() @IsIn(LOG_LEVELS) LOG_LEVEL?: string;
  @IsOptional() @IsString() @MinLength(16, { message: 'METRICS_TOKEN must have at least 16 characters' }) METRICS_TOKEN?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(10_080) LEDGER_CHECK_MINUTES?: number;
}

export interface AppConfig {
  port: number;
  host: string;
  env: 'development' | 'production' | 'test';
  databaseUrl: string;
  sqliteDriver: 'better-sqlite3' | 'sqlite3';
  schedule: ScheduleConfig;
  openHoursText: string;
  captchaRequired: boolean;
  /** argon2id parameters of passwords and security codes (`test` only outside production) */
  passwordHashProfile: PasswordHashProfile;
  adminUsername: string;
  adminPassword: string | null;
  csChatUrl: string;
  /** customer-service hours shown to players, `HH:MM-HH:MM` platform time (default of the `cs_hours` setting) */
  csHours: string;
  schedulerEnabled: boolean;
  seedDemo: boolean;
  trustProxy: boolean;
  /** the OpenAPI page and document at /docs (API_DOCS; off by default in production) */
  apiDocs: boolean;
  sessionTtlMs: number;
  redisUrl: string | null;
  /** captcha, login and register requests per minute per client IP */
  signinRateLimit: number;
  /** signs the captcha's proof-of-work challenges; random per process unless POW_HMAC_KEY is set (set it when several instances serve sign-ins) */
  powHmacKey: string;
  /**
   * proof-of-work size (the solver tries on average half of it); default 400000: ~0.25 s of a core for a bot's
   * node:crypto loop per sign-up or sign-in, ~0.7 s for the player app's solver here, a few seconds on a phone,
   * in a Worker while the person types (bench/captcha.js). Tests that solve it set it small.
   */
  powMaxNumber: number;
  /** crash tests only (refused in production): settlement holds its transaction open this long */
  faultSettleDelayMs: number;
  /** JSON log level (pino, one line per request; the heartbeat at `debug`); default info */
  logLevel: LogLevel;
  /** `/metrics` needs `Authorization: Bearer <token>` when set; when null it answers loopback requests only */
  metricsToken: string | null;
  /** the app runs the ledger check every this many minutes (0: never; its metric then says unknown) */
  ledgerCheckMinutes: number;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Reads and validates the environment; throws ConfigError listing every problem in plain words. */
export function loadConfig(env: NodeJS.ProcessEnv): AppConfig {
  const dto = plainToInstance(EnvDto, { ...env });
  const problems = validateSync(dto, { whitelist: false, stopAtFirstError: true }).map(
    (e) => `${e.property}: ${Object.values(e.constraints ?? {})[0] ?? 'invalid'}`,
  );
  const nodeEnv = (dto.NODE_ENV ?? 'development') as AppConfig['env'];
  const captchaRequired = (dto.CAPTCHA_MODE ?? 'required') === 'required';
  if (!captchaRequired && nodeEnv === 'production') problems.push('CAPTCHA_MODE=off is refused when NODE_ENV=production');
  const passwordHashProfile = (dto.PASSWORD_HASH_PROFILE ?? 'owasp') as PasswordHashProfile;
  if (passwordHashProfile !== 'owasp' && nodeEnv === 'production') problems.push('PASSWORD_HASH_PROFILE=test is refused when NODE_ENV=production');
  if ((dto.FAULT_SETTLE_DELAY_MS ?? 0) > 0 && nodeEnv === 'production') problems.push('FAULT_SETTLE_DELAY_MS is a test hook, refused when NODE_ENV=production');
  const openHoursText = dto.OPEN_HOURS ?? '10:00-02:00';
  const openHours = parseOpenHours(openHoursText);
  if (!openHours.ok) problems.push(`OPEN_HOURS must be "always" or "HH:MM-HH:MM" (got "${openHoursText}")`);
  let schedule: ScheduleConfig | null = null;
  if (openHours.ok) {
    const candidate = {
      tz: dto.PLATFORM_TZ ?? 'Asia/Taipei',
      openHours: openHours.value,
      roundSeconds: dto.ROUND_SECONDS ?? 210,
      betCloseSeconds: dto.BET_CLOSE_SECONDS ?? 30,
    };
    const checked = validateScheduleConfig(candidate);
    if (checked.ok) schedule = checked.value;
    else
      problems.push(
        `PLATFORM_TZ / ROUND_SECONDS / BET_CLOSE_SECONDS are inconsistent: need a valid IANA time zone, ROUND_SECONDS >= 5 and 0 < BET_CLOSE_SECONDS < ROUND_SECONDS (got ${candidate.tz}, ${candidate.roundSeconds}, ${candidate.betCloseSeconds})`,
      );
  }
  if (problems.length > 0 || schedule === null) throw new ConfigError(problems);
  return {
    port: dto.PORT ?? 3000,
    host: dto.HOST ?? '0.0.0.0',
    env: nodeEnv,
    databaseUrl: dto.DATABASE_URL ?? 'sqlite:data/lottery.sqlite',
    sqliteDriver: (dto.DB_DRIVER ?? 'better-sqlite3') as AppConfig['sqliteDriver'],
    schedule,
    openHoursText,
    captchaRequired,
    passwordHashProfile,
    adminUsername: dto.ADMIN_USERNAME ?? 'admin',
    adminPassword: dto.ADMIN_PASSWORD ?? null,
    csChatUrl: dto.CS_CHAT_URL ?? '',
    csHours: dto.CS_HOURS ?? '12:00-23:30',
    schedulerEnabled: (dto.SCHEDULER ?? 'on') === 'on',
    seedDemo: (dto.SEED_DEMO ?? 'true') === 'true',
    trustProxy: dto.TRUST_PROXY === 'true',
    apiDocs: (dto.API_DOCS ?? (nodeEnv === 'production' ? 'off' : 'on')) === 'on',
    sessionTtlMs: (dto.SESSION_TTL_HOURS ?? 168) * 3600_000,
    redisUrl: dto.REDIS_URL ?? null,
    signinRateLimit: dto.SIGNIN_RATE_LIMIT ?? 20,
    powHmacKey: dto.POW_HMAC_KEY ?? randomBytes(32).toString('hex'),
    powMaxNumber: dto.POW_MAX_NUMBER ?? 400_000,
    faultSettleDelayMs: dto.FAULT_SETTLE_DELAY_MS ?? 0,
    logLevel: (dto.LOG_LEVEL ?? 'info') as LogLevel,
    metricsToken: dto.METRICS_TOKEN ?? null,
    ledgerCheckMinutes: dto.LEDGER_CHECK_MINUTES ?? 0,
  };
}

/** The configuration of a process started from the command line (the server, the CLIs): a bad setting is printed and the process exits with 2. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
}
