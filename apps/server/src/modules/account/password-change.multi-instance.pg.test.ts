/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances, each with its own connections,
 * share one database. A password change on one while the user's other session keeps refreshing on
 * the other must end that session whatever refresh commits meanwhile: no token outside the
 * caller's own session is left live, and the caller's stays.
 */
import { createHash } from 'node:crypto';
import { ACCOUNT_PATHS } from '@orchard/shared/account';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRefreshing, openSecondInstance, refreshOn, type SecondInstance } from '../../../test/helpers/second-instance';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { refreshTokens } from '../../db/schema/index';

describe('password change racing refreshes across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: SecondInstance;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerIp: 100_000, loginRateLimitPerAccount: 100_000 });
    second = await openSecondInstance(t);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });


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
      expect((await refreshOn(t.app, own.refreshToken)).statusCode).toBe(200);
      for (const end of ends) {
        expect((await refreshOn(t.app, end.refreshToken)).statusCode).toBe(401);
        if (end.accessToken === null) continue;
        const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: { authorization: `Bearer ${end.accessToken}` } });
        expect(me.statusCode).toBe(401);
      }
    }
  });
});
