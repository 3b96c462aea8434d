/** Server configuration from the environment, validated once at start-up. */
import { randomBytes } from 'node:crypto';
import { instantOn } from '@orchard/shared/core';
import { UPDATE_MAX_BYTES_DEFAULT } from '@orchard/shared/updates';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  DATABASE_URL: z.string().url().startsWith('postgres').optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SEED_DEMO: bool.default(true),
  SEED_REFERENCE_DATE: z.iso.date().optional(),
  SEED_RELEASE_NOTE_DISMISSED: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(12),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REFRESH_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  LOCKOUT_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Orchard Ops <no-reply@orchard-ops.local>'),
  PUBLIC_URL: z.string().url().optional(),
  ANALYTICS_URL: z.string().url().optional(),
  WEB_DIST_DIR: z.string().optional(),
  COOKIE_SECURE: bool.optional(),
  ACCESS_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  STATISTICS_REFRESH_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  UPDATE_MAX_BYTES: z.coerce.number().int().min(1).max(1_000_000_000).default(UPDATE_MAX_BYTES_DEFAULT),
  API_DOCS: z.enum(['public', 'signed-in', 'off']).optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  seedDemo: boolean;
  /** 'now' of the demo world; unset = the day the database is first filled */
  seedReferenceDate: Date | undefined;
  /** the demo users start with the demo release note dismissed (SEED_RELEASE_NOTE_DISMISSED) */
  seedReleaseNoteDismissed: boolean;
  logLevel: string;
  trustProxy: boolean;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlHours: number;
  rememberMeTtlDays: number;
  /**
   * For how long after a refresh token is rotated presenting it again still refreshes the session
   * (a retried request whose answer was lost, two tabs at once) instead of ending it as a replay;
   * 0 = never (modules/auth/auth.service.ts).
   */
  refreshReuseIntervalSeconds: number;
  lockoutMaxFailures: number;
  lockoutMinutes: number;
  loginRateLimitPerIp: number;
  loginRateLimitPerAccount: number;
  loginRateWindowSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /** page views are forwarded here (POST JSON) after they are stored */
  analyticsUrl: string | undefined;
  webDistDir: string | undefined;
  cookieSecure: boolean;
  /**
   * How long one instance reuses a user's access check (enabled, membership, permissions) for an
   * organisation; 0 = read it on every request. A change to an access table clears it at once on the
   * instance that made it and, through the change notices (db/changes.ts), on the others.
   */
  accessCacheMs: number;
  /**
   * On the embedded database, how often at most the planner statistics are refreshed after writes
   * (db/statistics.ts); 0 = only at start. PostgreSQL's autovacuum does this itself.
   */
  statisticsRefreshSeconds: number;
  /** the largest product update file accepted (bytes); larger uploads answer 413 */
  updateMaxBytes: number;
  /** who may read /api/docs: anyone, signed-in callers (a bearer token), or nobody (not served) */
  apiDocs: 'public' | 'signed-in' | 'off';
  /** the bearer token /metrics asks for; unset = /metrics is not served (404) */
  metricsToken: string | undefined;
  /**
   * On SIGTERM or SIGINT, how long the requests in flight may take to finish before their
   * connections are closed and the database with them (server.ts).
   */
  shutdownGraceMs: number;
}

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // empty strings mean "not set"
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET: required in production (at least 32 characters)']);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    seedDemo: e.SEED_DEMO,
    seedReferenceDate: e.SEED_REFERENCE_DATE ? instantOn(e.SEED_REFERENCE_DATE, '08:00') : undefined,
    /** the demo users start with the demo release note dismissed (the browser suite's server) */
    seedReleaseNoteDismissed: e.SEED_RELEASE_NOTE_DISMISSED,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // Without a configured secret each start signs with a fresh one; sessions survive restarts
    // through the refresh token, which lives in the database.
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : randomBytes(32),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlHours: e.REFRESH_TOKEN_TTL_HOURS,
    rememberMeTtlDays: e.REMEMBER_ME_TTL_DAYS,
    refreshReuseIntervalSeconds: e.REFRESH_REUSE_INTERVAL_SECONDS,
    lockoutMaxFailures: e.LOCKOUT_MAX_FAILURES,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginRateLimitPerAccount: e.LOGIN_RATE_LIMIT_PER_ACCOUNT,
    loginRateWindowSeconds: e.LOGIN_RATE_WINDOW_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    analyticsUrl: e.ANALYTICS_URL,
    webDistDir: e.WEB_DIST_DIR,
    accessCacheMs: e.ACCESS_CACHE_MS,
    statisticsRefreshSeconds: e.STATISTICS_REFRESH_SECONDS,
    updateMaxBytes: e.UPDATE_MAX_BYTES,
    cookieSecure: e.COOKIE_SECURE ?? e.NODE_ENV === 'production',
    apiDocs: e.API_DOCS ?? (e.NODE_ENV === 'production' ? 'signed-in' : 'public'),
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  };
}

/** Configuration for tests: quiet, fixed secret, everything else default. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret!!' }),
    ...overrides,
  };
}
