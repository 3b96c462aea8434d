import { testConfig, type AppConfig } from '../../apps/server/src/config';

/**
 * The configuration of the applications the bench builds in its own process. Their answers are
 * made fresh on every request (RESPONSE_CACHE_MB=0): those sections set the server's work beside
 * the same figures' SQL alone, and a kept answer would time the memory, not the work. The routes
 * section measures kept answers, in the built server as its own process.
 */
export function benchConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return testConfig({ responseCacheMb: 0, ...overrides });
}
