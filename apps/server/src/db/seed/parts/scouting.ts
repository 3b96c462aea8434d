/**
 * Scouting demo data: the demo scouts (members whose role is Scout) walk the blocks of their farms
 * on every other working day of the three weeks before the reference date, three blocks a morning,
 * in South African time. No randomness, so tests can work out the figures: session k of a day
 * starts at 07:30 + k x 100 minutes and lasts 30 + (7 x daysBefore + 11 x k) mod 45 minutes; the
 * blocks are taken in turn (farm by farm, block by block) across the days.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { farmBlocks, scoutingSessions } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_USERS } from '../demo-users';
import { mustGet } from './places';

export const DEMO_SCOUTING_DAYS = 21;
export const DEMO_SCOUTING_SESSIONS_PER_DAY = 3;
const PESTS = ['Red scale', 'Thrips', 'False codling moth', 'Mealybug'] as const;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface DemoScoutingSlot {
  daysBefore: number;
  /** 0-based session of the day */
  slot: number;
  start: Date;
  end: Date;
}

/** The sessions one scout works before the reference date's South African day, oldest first. */
export function demoScoutingSlots(referenceDate: Date): DemoScoutingSlot[] {
  const localMidnight = Math.floor((referenceDate.getTime() + 2 * HOUR_MS) / DAY_MS) * DAY_MS - 2 * HOUR_MS;
  const slots: DemoScoutingSlot[] = [];
  for (let d = DEMO_SCOUTING_DAYS; d >= 1; d--) {
    if (d % 2 === 0) continue;
    const midnight = localMidnight - d * DAY_MS;
    const weekday = new Date(midnight + 2 * HOUR_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (let k = 0; k < DEMO_SCOUTING_SESSIONS_PER_DAY; k++) {
      const start = midnight + 7.5 * HOUR_MS + k * 100 * MINUTE_MS;
      const minutes = 30 + ((7 * d + 11 * k) % 45);
      slots.push({ daysBefore: d, slot: k, start: new Date(start), end: new Date(start + minutes * MINUTE_MS) });
    }
  }
  return slots;
}

export const scoutingPart: SeedPart = {
  name: 'scouting',
  async run(ctx) {
    const rows: (typeof scoutingSessions.$inferInsert)[] = [];
    for (const user of DEMO_USERS) {
      if (!user.isEnabled) continue;
      for (const m of user.organizations) {
        if (!m.roles.includes('Scout') || m.farms.length === 0) continue;
        const organizationId = mustGet(ctx.ids.organizations, m.organization, 'organisation');
        const scoutUserId = mustGet(ctx.ids.users, user.userName, 'user');
        const farmIds = m.farms.map((f) => mustGet(ctx.ids.farms, f, 'farm'));
        const blocks = await ctx.tx
          .select({ id: farmBlocks.id })
          .from(farmBlocks)
          .where(and(eq(farmBlocks.organizationId, organizationId), inArray(farmBlocks.farmId, farmIds)))
          .orderBy(asc(farmBlocks.farmId), asc(farmBlocks.id));
        if (blocks.length === 0) continue;
        demoScoutingSlots(ctx.referenceDate).forEach((s, i) => {
          // every fourth session records what was found
          const observed = i % 4 === 0;
          rows.push({
            organizationId,
            farmBlockId: blocks[i % blocks.length]!.id,
            scoutUserId,
            startedAt: s.start,
            endedAt: s.end,
            pest: observed ? PESTS[(i / 4) % PESTS.length]! : null,
            pestCount: observed ? 1 + (s.daysBefore % 9) : null,
            severity: observed ? 1 + (i % 5) : null,
          });
        });
      }
    }
    await ctx.insert(scoutingSessions, rows);
  },
};
