/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances, each with its own connections,
 * share one database. An administrator's password reset on one, and the use of its link, while the
 * user's sessions keep refreshing on the other must end every session whatever refresh commits
 * meanwhile: no token of the user is left live.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepRefreshing, openSecondInstance, refreshOn, type SecondInstance } from '../../../test/helpers/second-instance';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { addMember, createOrganization, createRole, createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { mailOutbox, refreshTokens } from '../../db/schema/index';

describe('password reset racing refreshes across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: SecondInstance;
  let org: number;
  let admin: number;
  let n = 0;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerIp: 100_000, loginRateLimitPerAccount: 100_000, publicUrl: 'https://orchard.example' });
    second = await openSecondInstance(t);
    org = (await createOrganization(t.db, 'Reset Race Org')).id;
    const resetters = await createRole(t.db, org, 'Resetters', [PERMISSIONS.usersResetPassword, PERMISSIONS.usersView, PERMISSIONS.usersManage]);
    admin = (await createUser(t.db, 'reset-race-admin')).id;
    await addMember(t.db, admin, org, [resetters.id]);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });


  /**
   * A new member; `prepare` runs before they sign in twice and answers the request that ends their
   * sessions, made through the first instance while both sessions refresh on the second. No token of
   * the user is left live, nor working.
   */
  const endsEverySession = async (
    label: string,
    prepare: (user: { id: number; email: string }) => Promise<() => Promise<LightMyRequestResponse>>,
  ) => {
    n += 1;
    const user = await createUser(t.db, `reset-race-${n}`);
    await addMember(t.db, user.id, org);
    const ending = await prepare(user);
    const sessions = [await signIn(t.app, user.userName, FIXTURE_PASSWORD), await signIn(second.app, user.userName, FIXTURE_PASSWORD)];
    let ended = false;
    const chains = Promise.all(
      Array.from({ length: 6 }, (_, i) => keepRefreshing(second.app, sessions[i % 2]!.refreshToken, () => ended)),
    );
    const res = await ending();
    ended = true;
    expect(res.statusCode, res.body).toBeLessThan(300);
    const last = await chains;
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(
      rows.filter((r) => r.revokedAt === null),
      label,
    ).toEqual([]);
    for (const end of last) {
      expect((await refreshOn(t.app, end.refreshToken)).statusCode).toBe(401);
      if (end.accessToken === null) continue;
      const me = await t.app.inject({ method: 'GET', url: SHELL_PATHS.me, headers: { authorization: `Bearer ${end.accessToken}` } });
      expect(me.statusCode).toBe(401);
    }
  };

  const requestReset = async (userId: number) =>
    t.app.inject({ method: 'POST', url: `/api/users/${userId}/password-reset`, headers: await t.headersFor(admin, org) });

  /** the token out of the newest mail to the address */
  const tokenMailedTo = async (email: string) => {
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    return decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail!.textBody)![1]!);
  };

  it("the administrator's reset ends every session of the user, however the refreshes on the other instance fall", async () => {
    for (let round = 0; round < 5; round++) {
      await endsEverySession(`round ${round}`, async (user) => () => requestReset(user.id));
    }
  });

  it('using the link ends every session of the user, however the refreshes on the other instance fall', async () => {
    for (let round = 0; round < 5; round++) {
      await endsEverySession(`round ${round}`, async (user) => {
        // mailed before the sign-ins: the sessions the link must end are those opened since
        expect((await requestReset(user.id)).statusCode).toBe(200);
        const token = await tokenMailedTo(user.email);
        const newPassword = `Reset-Pass-${user.id}`;
        return () =>
          t.app.inject({
            method: 'POST',
            url: '/api/password-resets',
            payload: { token, newPassword, confirmPassword: newPassword },
            remoteAddress: `10.3.0.${++address}`,
          });
      });
    }
  });
});
