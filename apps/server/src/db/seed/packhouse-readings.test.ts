/** The demo packhouse readings: lines and cold rooms in every demo packhouse, with readings a person could have captured. */
import { PERMISSIONS, addDays, dayOf } from '@orchard/shared/core';
import { createRoomReadingBodySchema, createWaxReadingBodySchema } from '@orchard/shared/packhouse-readings';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import { listLines, listReadingPackhouses, listRooms, listRoomReadings, listWaxReadings } from '../../modules/packhouse-readings/packhouse-readings.service';
import { rowsOf, type DbHandle } from '../client';
import { lineWaxReadings, organizations, packhouseLines, rolePermissions, roles, storageRoomReadings, storageRooms, users } from '../schema/index';
import { SEED_REFERENCE_DATE, seedDemoData } from './index';
import { DEMO_LINES_PER_PACKHOUSE, DEMO_PACKHOUSE_READING_DAYS, DEMO_ROOMS_PER_PACKHOUSE } from './parts/packhouse-readings';

async function viewer(handle: DbHandle, userName: string, organizationName: string) {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organizationName));
  return { userId: user!.id, organizationId: org!.id };
}

describe('packhouse readings demo data', () => {
  let handle: DbHandle;
  const today = dayOf(SEED_REFERENCE_DATE);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives each demo packhouse its lines and cold rooms, seen by the packhouse user on their packhouses', async () => {
    const annelie = await viewer(handle, 'packhouse', 'Sundays River Packers');
    const mine = await listReadingPackhouses(handle.db, annelie);
    expect(mine.map((p) => p.name)).toEqual(['Addo Packhouse', 'Kirkwood Packhouse']);
    for (const packhouse of mine) {
      const lines = await listLines(handle.db, annelie, packhouse.id);
      const rooms = await listRooms(handle.db, annelie, packhouse.id);
      expect(lines.length).toBeGreaterThanOrEqual(DEMO_LINES_PER_PACKHOUSE[0]);
      expect(lines.length).toBeLessThanOrEqual(DEMO_LINES_PER_PACKHOUSE[1]);
      expect(rooms.length).toBeGreaterThanOrEqual(DEMO_ROOMS_PER_PACKHOUSE[0]);
      expect(rooms.length).toBeLessThanOrEqual(DEMO_ROOMS_PER_PACKHOUSE[1]);
      const waxPage = await listWaxReadings(handle.db, annelie, { filter: lines[0]!.id, page: 1, pageSize: 20 });
      expect(waxPage.totalRecords).toBe(DEMO_PACKHOUSE_READING_DAYS * 2);
      expect(waxPage.rows[0]).toMatchObject({ readOn: addDays(today, -1), capturedByName: 'Annelie Botha' });
      const roomPage = await listRoomReadings(handle.db, annelie, { filter: rooms[0]!.id, page: 1, pageSize: 20 });
      expect(roomPage.totalRecords).toBe(DEMO_PACKHOUSE_READING_DAYS * 3);
    }
    // the grower organisation keeps no lines of its own in the packhouses it links
    const growerAdmin = await viewer(handle, 'admin', 'Citrus Valley Growers');
    const [kirkwood] = (await listReadingPackhouses(handle.db, growerAdmin)).filter((p) => p.name === 'Kirkwood Packhouse');
    expect(await listLines(handle.db, growerAdmin, kirkwood!.id)).toEqual([]);
  });

  it('stores only readings that could have been captured: in range, as typed, not after the reference day', async () => {
    const wax = await handle.db.select().from(lineWaxReadings).orderBy(asc(lineWaxReadings.id));
    expect(wax.length).toBeGreaterThan(0);
    for (const r of wax) {
      const body = { clientId: r.clientId, lineId: r.lineId, readOn: r.readOn, readTime: r.readTime, litresPerTon: r.litresPerTon, concentrationPercent: r.concentrationPercent, note: r.note };
      expect(createWaxReadingBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(r.readOn < today).toBe(true);
    }
    const rooms = await handle.db.select().from(storageRoomReadings).orderBy(asc(storageRoomReadings.id));
    expect(rooms.length).toBeGreaterThan(0);
    for (const r of rooms) {
      const body = { clientId: r.clientId, roomId: r.roomId, readOn: r.readOn, readTime: r.readTime, temperatureC: r.temperatureC, humidityPercent: r.humidityPercent, note: r.note };
      expect(createRoomReadingBodySchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(r.readOn < today).toBe(true);
    }
    expect((await handle.db.select().from(packhouseLines)).length).toBeGreaterThanOrEqual(3 * DEMO_LINES_PER_PACKHOUSE[0]);
    expect((await handle.db.select().from(storageRooms)).length).toBeGreaterThanOrEqual(3 * DEMO_ROOMS_PER_PACKHOUSE[0]);
  });

  it('lets the packhouse roles capture, as the migration grants it', async () => {
    const holders = await handle.db
      .selectDistinct({ name: roles.name })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(eq(rolePermissions.permission, PERMISSIONS.packhouseReadingsCapture))
      .orderBy(asc(roles.name));
    expect(holders.map((h) => h.name)).toEqual(['Administrator', 'Packhouse User']);
  });

  it('writes the same rows on every run', async () => {
    const fingerprint = async (h: DbHandle) =>
      (
        await rowsOf<{ wax: string; rooms: string }>(
          h.db,
          sql`select
            (select md5(string_agg(concat_ws('|', id, client_id, line_id, read_on, read_time, litres_per_ton, concentration_percent, note), ',' order by id)) from line_wax_readings) as wax,
            (select md5(string_agg(concat_ws('|', id, client_id, room_id, read_on, read_time, temperature_c, humidity_percent, note), ',' order by id)) from storage_room_readings) as rooms`,
        )
      )[0];
    const again = await createTestDatabase();
    try {
      await seedDemoData(again, { referenceDate: SEED_REFERENCE_DATE });
      expect(await fingerprint(again)).toEqual(await fingerprint(handle));
    } finally {
      await again.close();
    }
  });
});
