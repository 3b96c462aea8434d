/** The demo attendance: four weeks of working days for the people who log time, nothing left recording. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import type { DbHandle } from '../../db/client';
import { attendanceRecords, organizations, users } from '../../db/schema/index';
import { SEED_REFERENCE_DATE, seedDemoData } from '../../db/seed/index';
import { getAttendanceLogs, getLastAttendance } from './attendance.service';

describe('attendance demo data', () => {
  let handle: DbHandle;
  let grower: number;
  const userId = new Map<string, number>();

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
    const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    grower = org!.id;
    for (const u of await handle.db.select({ id: users.id, userName: users.userName }).from(users)) userId.set(u.userName, u.id);
  });
  afterAll(async () => {
    await handle?.close();
  });

  // reference date Monday 30 June 2025: the 20 working days 2 to 27 June; 7 of them (the days 27,
  // 24, 21, 18, 12, 6 and 3 before; 9 before is a Saturday) run 15 minutes longer. Lunch pause 30 min, stop 16:00.
  it.each([
    // scout starts 07:00: 20 x 8.5 h + 7 x 0.25 h
    ['scout', 'Sipho Mokoena', 171.75],
    // staff starts 07:10: 20 x 8h20 + 1.75 h = 168.4166
    ['staff', 'Lerato Dlamini', 168.42],
    // locked starts 07:20: 20 x 8h10 + 1.75 h = 165.0833
    ['locked', 'Nomsa Khumalo', 165.08],
    // the administrator holds attendance.log but does not log time
    ['admin', 'Johan van der Merwe', 0],
  ])('%s: June hours at the reference date', async (userName, _name, june) => {
    const owner = { organizationId: grower, userId: userId.get(userName)! };
    const [log] = await getAttendanceLogs(handle.db, owner, SEED_REFERENCE_DATE);
    expect(log).toMatchObject({ hoursLastMonths: [0, 0, june], lastMonths: ['Apr 2025', 'May 2025', 'Jun 2025'] });
    expect(await getLastAttendance(handle.db, owner, SEED_REFERENCE_DATE)).toEqual({ hour: 0, min: 0, sec: 0, isRecording: false });
  });

  it('writes four records a working day for the three people who log time', async () => {
    const rows = await handle.db.select({ type: attendanceRecords.type }).from(attendanceRecords);
    expect(rows).toHaveLength(3 * 20 * 4);
    expect(rows.filter((r) => r.type === 3)).toHaveLength(3 * 20);
  });
});
