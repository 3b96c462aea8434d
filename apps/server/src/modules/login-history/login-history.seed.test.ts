/** The demo sign-in history: Login history shows the planned figures at the reference date, in every organisation. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import type { DbHandle } from '../../db/client';
import { loginEvents, organizations, users } from '../../db/schema/index';
import { DEMO_ORGANIZATIONS, DEMO_USERS, SEED_REFERENCE_DATE, seedDemoData } from '../../db/seed/index';
import { DEMO_LOGIN_PLANS, countDemoLogins } from '../../db/seed/demo-logins';
import { getLoginHistory } from './login-history.service';

const DAY_MS = 86_400_000;

describe('login history demo data', () => {
  let handle: DbHandle;
  let orgId: Map<string, number>;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
    const orgs = await handle.db.select({ id: organizations.id, name: organizations.name }).from(organizations);
    orgId = new Map(orgs.map((o) => [o.name, o.id]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it.each(DEMO_ORGANIZATIONS.map((o) => [o.name, o.key] as const))('%s: every member with the planned counts and last sign-in', async (name, key) => {
    const [admin] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    const rows = await getLoginHistory(handle.db, { userId: admin!.id, organizationId: orgId.get(name)! }, {}, SEED_REFERENCE_DATE);
    const members = DEMO_USERS.filter((u) => u.organizations.some((m) => m.organization === key));
    expect(rows.map((r) => r.userName).sort()).toEqual(members.map((u) => u.userName).sort());
    for (const row of rows) {
      const planned = countDemoLogins(row.userName, key);
      expect({ user: row.userName, week: row.weekCount, month: row.monthCount, three: row.lastThreeMonths }).toEqual({
        user: row.userName,
        week: planned.weekCount,
        month: planned.monthCount,
        three: planned.lastThreeMonths,
      });
      expect(row.lastLogin).toBe(
        planned.lastDaysBefore === null ? null : new Date(SEED_REFERENCE_DATE.getTime() - Math.round(planned.lastDaysBefore * DAY_MS)).toISOString(),
      );
    }
    // the demo shows figures, not a table of zeros
    expect(rows.some((r) => r.weekCount > 0)).toBe(true);
  });

  it('has the locked user signing in last week and the disabled one only long ago', () => {
    expect(countDemoLogins('locked', 'grower')).toEqual({ weekCount: 1, monthCount: 4, lastThreeMonths: 6, lastDaysBefore: 3.5 });
    expect(countDemoLogins('disabled', 'grower')).toMatchObject({ weekCount: 0, monthCount: 0, lastThreeMonths: 0 });
    // a few hours later nothing crosses a window edge
    for (const plan of DEMO_LOGIN_PLANS) {
      expect(countDemoLogins(plan.userName, plan.organization, 0.09)).toMatchObject({
        weekCount: countDemoLogins(plan.userName, plan.organization).weekCount,
        monthCount: countDemoLogins(plan.userName, plan.organization).monthCount,
        lastThreeMonths: countDemoLogins(plan.userName, plan.organization).lastThreeMonths,
      });
    }
  });

  it('records the failed attempts too, without an organisation, as the sign-in does', async () => {
    const [locked] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'locked'));
    const failed = await handle.db
      .select()
      .from(loginEvents)
      .where(and(eq(loginEvents.userId, locked!.id), eq(loginEvents.success, false)));
    expect(failed.map((f) => f.failureReason).sort()).toEqual(['bad_password', 'bad_password', 'bad_password', 'bad_password', 'bad_password', 'locked']);
    expect(failed.every((f) => f.organizationId === null)).toBe(true);
  });
});
