/**
 * Multi-instance tests (PostgreSQL only): a second app instance with connections of its own on the
 * test app's database, as a second server behind a load balancer would be; and the refresh loop
 * the session races use on either instance.
 */
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import type { Clock } from '@orchard/shared/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type DbHandle } from '../../src/db/client';
import type { TestApp } from './app';

export interface SecondInstance {
  app: FastifyInstance;
  handle: DbHandle;
  close(): Promise<void>;
}

/** The connection string of the test app's PostgreSQL database. */
export function connectionStringOf(t: TestApp): string {
  return (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
}

/** A second instance on `t`'s database and configuration; `db` wraps its connections (to slow or count them). */
export async function openSecondInstance(
  t: TestApp,
  options: { poolSize?: number; clock?: Clock; db?: (handle: DbHandle) => DbHandle } = {},
): Promise<SecondInstance> {
  const handle = await openDatabase({ databaseUrl: connectionStringOf(t), poolSize: options.poolSize ?? 5 });
  const app = await buildApp({ db: options.db ? options.db(handle) : handle, config: t.config, clock: options.clock });
  await app.ready();
  return {
    app,
    handle,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** POST /api/auth/token with a refresh token. */
export const refreshOn = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { grant_type: 'refresh_token', refresh_token: token } });

/** The refresh token an answer set. */
export const refreshTokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;

/**
 * Refreshes on `app` with each new token in turn until one is refused (401) or `stop()` holds;
 * answers the last token and access token given.
 */
export async function keepRefreshing(app: FastifyInstance, token: string, stop: () => boolean) {
  let last = { refreshToken: token, accessToken: null as string | null };
  while (!stop()) {
    const res = await refreshOn(app, last.refreshToken);
    if (res.statusCode !== 200) {
      expect(res.statusCode).toBe(401);
      break;
    }
    last = { refreshToken: refreshTokenOf(res), accessToken: res.json<{ access_token: string }>().access_token };
  }
  return last;
}
