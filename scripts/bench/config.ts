import { testConfig, type AppConfig } from '../../apps/server/src/config';

/** The configuration of the applications the bench builds in its own process: the tests' own, with the bench's overrides. */
export function benchConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return testConfig(overrides);
}
