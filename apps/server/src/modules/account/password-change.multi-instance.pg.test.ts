/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances, each with its own connections,
 * share one database. A password change on one while the user's other session keeps refreshing on
 * the other must end that session whatever refresh commits meanwhile: no token outside the
 * caller's own session is left live, and the caller's stays.
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_PATHS } from '@orchard/shared/account';
import { AUTH_PATHS, REFRESH_COOKIE } from '@orchard/shared/auth';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { buildApp } from '../../app';
import { openDatabase, type DbHandle } from '../../db/client';
import { refreshTokens } from '../../db/schema/index';

describe('password change racing refreshes across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; handle: DbHandle };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerIp: 100_000, loginRateLimitPerAccount: 100_000 });
    const pool = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    const handle = await openDatabase({ databaseUrl: pool.options.connectionString, poolSize: 5 });
    second = { app: await buildApp({ db: handle, config: t.config }), handle };
    await second.app.ready();
  });
  afterAll(async () => {
    await second.app.close();
    await second.handle.close();
    await t.close();
  });

  const refresh = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'POST', url: AUTH_PATHS.token, payload: { grant_type: 'refresh_token', refresh_token: token } });
  const tokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;

  /**
   * Refreshes on `app` with each new token in turn until one is refused or `stop()` holds; answers
   * the last token and access token given.
   */
  const keepRefreshing = async (app: FastifyInstance, token: string, stop: () => boolean) => {
    let last = { refreshToken: token, accessToken: null as string | null };
    while (!stop()) {
      const res = await refresh(app, last.refreshToken);
      if (res.statusCode !== 200) {
        expect(res.statusCode).toBe(401);
        break;
      }
      last = { refreshToken: tokenOf(res), accessToken: res.json<{ access_token: string }>().access_token };
    }
    return last;
  };

  it('every token of the other sessions ends, however the refreshes on the other instance fall', async () => {
    for (let round = 0; round < 5; round++) {
      n += 1;
      const user = await createUser(t.db, `password-race-${n}`);
      const own = await signIn(t.app, user.userName, FIXTURE_PASSWORD);
      const other = await signIn(second.app, user.userName, FIXTURE_PASSWORD);
      const [ownFamily] = await t.db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, createHash('sha256').update(own.refreshToken).digest('hex')));

      // the other session refreshes on the second instance, in several chains, while the password
      // is changed through the first
      let changed = false;
      const chains = Promise.all(Array.from({ length: 6 }, () => keepRefreshing(second.app, other.refreshToken, () => changed)));
      const res = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.password,
        headers: { authorization: `Bearer ${own.accessToken}`, cookie: own.cookie },
        payload: { currentPassword: FIXTURE_PASSWORD, newPassword: `New-Pass-${n}`, confirmPassword: `New-Pass-${n}` },
      });
      changed = true;
      expect(res.statusCode, res.body).toBe(204);
      const ends = await chains;

      const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      const live = rows.filter((r) => r.revokedAt === null);
      expect(
        live.filter((r) => r.familyId !== ownFamily!.familyId),
        `round ${round}`,
      ).toEqual([]);
      // the caller's own session stays
      expect(live.map((r) => r.familyId)).toEqual([ownFamily!.familyId]);
      expect((await refresh(t.app, own.refreshToken)).statusCode).toBe(200);
      for (const end of ends) {
        expect((await refresh(t.app, end.refreshToken)).statusCode).toBe(401);
        if (end.accessToken === null) continue;
        const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: { authorization: `Bearer ${end.accessToken}` } });
        expect(me.statusCode).toBe(401);
      }
    }
  });
});
