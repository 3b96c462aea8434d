/** The demo scouting: the scout's sessions on every other working day of the three weeks before the reference date. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import type { DbHandle } from '../../db/client';
import { farmBlocks, farms, organizations, scoutingSessions, users } from '../../db/schema/index';
import { SEED_REFERENCE_DATE, seedDemoData } from '../../db/seed/index';
import { getSessions, listScoutedDates } from './farm-operations.service';

describe('farm operations demo data', () => {
  let handle: DbHandle;
  let grower: number;
  /** the demo administrator (every farm) and manager (Kransvlei and Goedehoop) in the grower */
  let admin: { userId: number; organizationId: number };
  let manager: { userId: number; organizationId: number };

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
    const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    grower = org!.id;
    const userId = async (userName: string) => (await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName)))[0]!.id;
    admin = { userId: await userId('admin'), organizationId: grower };
    manager = { userId: await userId('manager'), organizationId: grower };
  });
  afterAll(async () => {
    await handle?.close();
  });

  // reference date Monday 30 June 2025: the odd days 21..1 before it that are working days
  it('scouts on eight days of June', async () => {
    expect(await listScoutedDates(handle.db, admin, undefined)).toEqual([
      '2025-06-09',
      '2025-06-11',
      '2025-06-13',
      '2025-06-17',
      '2025-06-19',
      '2025-06-23',
      '2025-06-25',
      '2025-06-27',
    ]);
    expect(await handle.db.select().from(scoutingSessions)).toHaveLength(8 * 3);
  });

  it('27 June (3 days before): three sessions from 07:30, 51, 62 and 73 minutes long', async () => {
    const rows = await getSessions(handle.db, admin, { date: '2025-06-27' });
    expect(rows.map((r) => [r.scoutName, r.startTime, r.endTime, r.totalMinutes])).toEqual([
      ['Sipho Mokoena', '2025-06-27T05:30:00.000Z', '2025-06-27T06:21:00.000Z', 51],
      ['Sipho Mokoena', '2025-06-27T07:10:00.000Z', '2025-06-27T08:12:00.000Z', 62],
      ['Sipho Mokoena', '2025-06-27T08:50:00.000Z', '2025-06-27T10:03:00.000Z', 73],
    ]);
    const blocks = await handle.db
      .select({ farm: farms.farmName, name: farmBlocks.name, ha: farmBlocks.ha })
      .from(farmBlocks)
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
      .where(eq(farmBlocks.organizationId, grower));
    const ha = new Map(blocks.map((b) => [`${b.farm}/${b.name}`, b.ha]));
    for (const r of rows) {
      expect(r.ha).toBe(ha.get(`${r.farmName}/${r.blockName}`));
      expect(r.minutesPerHa).toBeCloseTo(r.totalMinutes / r.ha, 10);
      expect(['Kransvlei', 'Rietfontein', 'Mooiplaas']).toContain(r.farmName);
    }
  });

  it("the manager sees the scout's sessions on Kransvlei only, the farm both are assigned", async () => {
    const days = await listScoutedDates(handle.db, manager, undefined);
    expect(days.length).toBeGreaterThan(0);
    const rows = (await Promise.all(days.map((date) => getSessions(handle.db, manager, { date })))).flat();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.farmName))).toEqual(new Set(['Kransvlei']));
  });
});
