/** Builds the real application on a fresh test database. */
import type { Clock } from '@orchard/shared/core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig, type AppConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { randomBytes, randomUUID } from 'node:crypto';
import { refreshTokens } from '../../src/db/schema/index';
import { signAccessToken } from '../../src/lib/tokens';
import { createTestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  db: DbHandle['db'];
  config: AppConfig;
  /** Authorization header for a user in a new session of theirs, minted directly (the token
   * endpoint has its own tests). */
  bearer(userId: number): Promise<{ authorization: string }>;
  /** A new session (refresh-token family) of the user and an access token for it. */
  openSession(userId: number): Promise<{ sessionId: string; accessToken: string }>;
  /** Authorization plus the current-organisation header. */
  headersFor(userId: number, organizationId: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** `clock`: the application's "now" (default: the real time), e.g. `{ now: () => fixedDate }`. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: { clock?: Clock } = {}): Promise<TestApp> {
  const handle = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ db: handle, config, ...(options.clock ? { clock: options.clock } : {}) });
  await app.ready();
  const openSession = async (userId: number) => {
    const sessionId = randomUUID();
    await handle.db.insert(refreshTokens).values({
      userId,
      familyId: sessionId,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return { sessionId, accessToken: await signAccessToken(config, { userId, sessionId }) };
  };
  return {
    app,
    handle,
    db: handle.db,
    config,
    openSession,
    bearer: async (userId) => ({ authorization: `Bearer ${(await openSession(userId)).accessToken}` }),
    headersFor: async (userId, organizationId) => ({
      authorization: `Bearer ${(await openSession(userId)).accessToken}`,
      'x-organization-id': String(organizationId),
    }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
