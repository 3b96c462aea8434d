/**
 * Packhouse readings demo data: every demo packhouse gets, in the organisation that runs it, two or
 * three packing lines and three or four cold rooms, with readings over the DEMO_PACKHOUSE_READING_DAYS
 * days before the reference day:
 *
 * - each line's wax application twice a day (morning and afternoon shift), about 0.8 to 1.6 L/t,
 *   with the wax concentration measured on most readings;
 * - each cold room's temperature and relative humidity three times a day, around the room's set
 *   point (one room holds fruit just below 0 °C, the others between 3 and 8 °C).
 *
 * The packhouse roles get the packhouse readings permissions, by the rule of the migration that
 * introduced them (0024: roles holding picking.packhouseUser), so the demo packhouse users capture
 * too. Every draw comes from the part's own generator, so reruns write the same rows and client ids.
 */
import { PERMISSIONS, addDays, dayOf, instantOn } from '@orchard/shared/core';
import { eq } from 'drizzle-orm';
import { lineWaxReadings, packhouseLines, rolePermissions, storageRoomReadings, storageRooms } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_PACKHOUSES } from '../data';
import { mustGet } from './places';

export const DEMO_PACKHOUSE_READING_DAYS = 21;
export const DEMO_LINES_PER_PACKHOUSE: readonly [number, number] = [2, 3];
export const DEMO_ROOMS_PER_PACKHOUSE: readonly [number, number] = [3, 4];
/** Who reads the lines and rooms of each demo packhouse (demo user names). */
const READERS: Record<string, string> = { 'Kirkwood Packhouse': 'packhouse', 'Addo Packhouse': 'packhouse', 'Patensie Packhouse': 'multi' };
const WAX_TIMES = ['07:30', '13:15'] as const;
const ROOM_TIMES = ['06:00', '12:00', '18:00'] as const;
/** Cold room set points in °C: the first room of each packhouse holds fruit just below freezing. */
const SET_POINTS = [-0.5, 4.5, 7, 3] as const;

/** a stable UUID-shaped id from the generator, so reruns write the same client ids */
function clientId(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-b${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** `value` kept to `decimals` decimals, as a person would type it */
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export const packhouseReadingsPart: SeedPart = {
  name: 'packhouse-readings',
  async run(ctx) {
    const rng = ctx.rng.fork('packhouse-readings');
    const id = () => clientId(() => rng.next());
    const today = dayOf(ctx.referenceDate);
    const days = Array.from({ length: DEMO_PACKHOUSE_READING_DAYS }, (_, i) => addDays(today, i - DEMO_PACKHOUSE_READING_DAYS));

    // the packhouse roles capture packhouse readings (migration 0024's rule); Administrators hold them already
    const holding = async (permission: string) =>
      (await ctx.tx.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(eq(rolePermissions.permission, permission))).map((r) => r.roleId);
    const granted = new Set(await holding(PERMISSIONS.packhouseReadingsView));
    const packhouseRoles = (await holding(PERMISSIONS.pickingPackhouseUser)).filter((roleId) => !granted.has(roleId));
    await ctx.insert(
      rolePermissions,
      packhouseRoles.flatMap((roleId) => [PERMISSIONS.packhouseReadingsView, PERMISSIONS.packhouseReadingsCapture].map((permission) => ({ roleId, permission }))),
    );

    for (const packhouse of DEMO_PACKHOUSES) {
      const organizationId = mustGet(ctx.ids.organizations, packhouse.owner, 'organisation');
      const packhouseId = mustGet(ctx.ids.packhouses, packhouse.name, 'packhouse');
      const capturedByUserId = mustGet(ctx.ids.users, READERS[packhouse.name] ?? 'admin', 'user');
      const base = { organizationId, capturedByUserId };

      const lineCount = rng.int(...DEMO_LINES_PER_PACKHOUSE);
      const lines = await ctx.insertReturning(
        packhouseLines,
        Array.from({ length: lineCount }, (_, i) => ({ ...base, packhouseId, clientId: id(), name: `Line ${i + 1}`, createdAt: instantOn(days[0]!, '07:00') })),
      );
      const roomCount = rng.int(...DEMO_ROOMS_PER_PACKHOUSE);
      const rooms = await ctx.insertReturning(
        storageRooms,
        Array.from({ length: roomCount }, (_, i) => ({ ...base, packhouseId, clientId: id(), name: `Cold Room ${i + 1}`, createdAt: instantOn(days[0]!, '07:00') })),
      );

      const wax: (typeof lineWaxReadings.$inferInsert)[] = [];
      for (const line of lines) {
        const usual = rng.float(0.9, 1.4);
        for (const day of days) {
          for (const time of WAX_TIMES) {
            wax.push({
              ...base,
              clientId: id(),
              lineId: line.id,
              readOn: day,
              readTime: time,
              litresPerTon: round(usual + rng.float(-0.15, 0.2), 2),
              concentrationPercent: rng.chance(0.7) ? round(rng.float(11, 17), 1) : null,
              note: rng.chance(0.04) ? 'Nozzles cleaned' : null,
              createdAt: instantOn(day, time),
            });
          }
        }
      }
      await ctx.insert(lineWaxReadings, wax);

      const readings: (typeof storageRoomReadings.$inferInsert)[] = [];
      rooms.forEach((room, index) => {
        const setPoint = SET_POINTS[index % SET_POINTS.length]!;
        for (const day of days) {
          for (const time of ROOM_TIMES) {
            readings.push({
              ...base,
              clientId: id(),
              roomId: room.id,
              readOn: day,
              readTime: time,
              temperatureC: round(setPoint + rng.float(-0.8, 0.8), 1),
              humidityPercent: round(rng.float(88, 96), 1),
              note: rng.chance(0.02) ? 'Door left open during loading' : null,
              createdAt: instantOn(day, time),
            });
          }
        }
      });
      await ctx.insert(storageRoomReadings, readings);
    }
  },
};
