/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two app instances, each with its own connections,
 * share one database and one clock. The same refresh token presented to both at once must keep the
 * session, a reuse after the interval must end it, and a sign-out racing refreshes must end it all.
 */
import { AUTH_PATHS } from '@orchard/shared/auth';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSecondInstance, refreshOn, refreshTokenOf, type SecondInstance } from '../../../test/helpers/second-instance';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { signIn } from '../../../test/helpers/auth';
import { createUser, FIXTURE_PASSWORD } from '../../../test/helpers/fixtures';
import { refreshTokens } from '../../db/schema/index';

describe('refresh tokens across instances (PostgreSQL)', () => {
  let t: TestApp;
  let second: SecondInstance;
  /** how far both instances' clock runs ahead of the real time */
  let aheadMs = 0;
  const clock = { now: () => new Date(Date.now() + aheadMs) };
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitPerIp: 100_000, loginRateLimitPerAccount: 100_000 }, { clock });
    second = await openSecondInstance(t, { clock });
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  afterEach(() => {
    aheadMs = 0;
  });

  const instances = () => [t.app, second.app];
  const newSession = async () => {
    n += 1;
    const user = await createUser(t.db, `refresh-cluster-${n}`);
    return { user, session: await signIn(t.app, user.userName, FIXTURE_PASSWORD) };
  };
  const familyRows = (userId: number) => t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

  it('the same token presented to both instances at once, several times each: every answer is a working token', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, session } = await newSession();
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => refreshOn(instances()[i % 2]!, session.refreshToken)));
      expect(answers.map((r) => r.statusCode), `round ${round}`).toEqual(Array(8).fill(200));
      const tokens = answers.map(refreshTokenOf);
      expect(new Set(tokens).size).toBe(8);
      // each refreshes again, on the other instance
      const again = await Promise.all(tokens.map((token, i) => refreshOn(instances()[(i + 1) % 2]!, token)));
      expect(again.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const rows = await familyRows(user.id);
      expect(rows).toHaveLength(17);
      expect(rows.every((r) => r.revokedAt === null)).toBe(true);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    }
  });

  it('a reuse after the interval, on either instance, ends the session on both', async () => {
    const { user, session } = await newSession();
    const next = refreshTokenOf(await refreshOn(t.app, session.refreshToken));
    aheadMs = t.config.refreshReuseIntervalSeconds * 1000 + 1000;
    expect((await refreshOn(second.app, session.refreshToken)).statusCode).toBe(401);
    expect((await refreshOn(t.app, next)).statusCode).toBe(401);
    expect((await familyRows(user.id)).every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('a sign-out racing refreshes on the other instance ends every token of the session', async () => {
    for (let round = 0; round < 3; round++) {
      const { user, session } = await newSession();
      const first = refreshTokenOf(await refreshOn(t.app, session.refreshToken));
      // refreshes of the previous token (within the interval) and of its successor, while the
      // session is signed out through the first instance
      const racing = Promise.all(
        Array.from({ length: 6 }, (_, i) => refreshOn(second.app, i % 2 === 0 ? session.refreshToken : first)),
      );
      const out = await t.app.inject({ method: 'POST', url: AUTH_PATHS.logout, payload: { refresh_token: session.refreshToken } });
      expect(out.statusCode).toBe(204);
      const answers = await racing;
      expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
      const rows = await familyRows(user.id);
      expect(rows.filter((r) => r.revokedAt === null), `round ${round}`).toEqual([]);
      for (const r of answers.filter((a) => a.statusCode === 200)) {
        expect((await refreshOn(t.app, refreshTokenOf(r))).statusCode).toBe(401);
        const me = await second.app.inject({
          method: 'GET',
          url: SHELL_PATHS.me,
          headers: { authorization: `Bearer ${r.json<{ access_token: string }>().access_token}` },
        });
        expect(me.statusCode).toBe(401);
      }
    }
  });
});
