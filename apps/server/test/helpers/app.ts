/** Builds the real application on a fresh test database. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig, type AppConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { signAccessToken } from '../../src/lib/tokens';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  db: DbHandle['db'];
  config: AppConfig;
  /** Authorization header for a user, minted directly (the token endpoint has its own tests). */
  bearer(userId: number): Promise<{ authorization: string }>;
  /** Authorization plus the current-organisation header. */
  headersFor(userId: number, organizationId: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ db: handle, config });
  await app.ready();
  return {
    app,
    handle,
    db: handle.db,
    config,
    bearer: async (userId) => ({ authorization: `Bearer ${await signAccessToken(config, userId)}` }),
    headersFor: async (userId, organizationId) => ({
      authorization: `Bearer ${await signAccessToken(config, userId)}`,
      'x-organization-id': String(organizationId),
    }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
