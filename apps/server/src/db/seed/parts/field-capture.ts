/**
 * Field readings demo data: a season (the DEMO_FIELD_DAYS days before the reference date) of
 * tensiometer readings (weekly, two depths at one station per block), water applied (weekly) and
 * phenology observations (fortnightly, the stage following the season) on every block of the demo
 * farms, drawn from the part's own generator. Two farms are left behind on purpose so the input
 * checks have something to show: nothing was recorded on DEMO_STALE_FARM for the last
 * DEMO_STALE_DAYS days, and DEMO_NO_PHENOLOGY_FARM never had a phenology observation (No Data).
 */
import { dayOf } from '@orchard/shared/core';
import { PHENOLOGY_STAGE_KEYS } from '@orchard/shared/field-capture';
import { asc, eq } from 'drizzle-orm';
import { farmBlocks, phenologyObservations, tensiometerReadings, waterApplied } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_FARMS } from '../data';
import { DEMO_USERS } from '../demo-users';
import { mustGet } from './places';

export const DEMO_FIELD_DAYS = 120;
export const DEMO_STALE_FARM = 'Rietfontein';
export const DEMO_STALE_DAYS = 20;
export const DEMO_NO_PHENOLOGY_FARM = 'Letsitele Vallei';

/** a stable UUID-shaped id from the generator, so reruns write the same client ids */
function clientId(next: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const fieldCapturePart: SeedPart = {
  name: 'field-capture',
  async run(ctx) {
    const rng = ctx.rng.fork('field-capture');
    const id = () => clientId(() => rng.next());
    const tensio: (typeof tensiometerReadings.$inferInsert)[] = [];
    const water: (typeof waterApplied.$inferInsert)[] = [];
    const pheno: (typeof phenologyObservations.$inferInsert)[] = [];
    for (const farm of DEMO_FARMS) {
      const organizationId = mustGet(ctx.ids.organizations, farm.organization, 'organisation');
      const farmId = mustGet(ctx.ids.farms, farm.name, 'farm');
      const recorder = DEMO_USERS.find((u) => u.isEnabled && u.organizations.some((m) => m.organization === farm.organization && m.farms.includes(farm.name)));
      const capturedByUserId = recorder ? mustGet(ctx.ids.users, recorder.userName, 'user') : null;
      const newest = farm.name === DEMO_STALE_FARM ? DEMO_STALE_DAYS : 1;
      const blocks = await ctx.tx.select({ id: farmBlocks.id }).from(farmBlocks).where(eq(farmBlocks.farmId, farmId)).orderBy(asc(farmBlocks.id));
      for (const block of blocks) {
        const base = { organizationId, farmBlockId: block.id, capturedByUserId };
        // each block has its own weekday; the newest readings fall between `newest` and newest + 6 days ago
        const offset = rng.int(0, 6);
        for (let daysBefore = DEMO_FIELD_DAYS - offset; daysBefore >= newest; daysBefore -= 7) {
          const day = dayOf(ctx.daysBefore(daysBefore));
          const dryness = 10 + ((DEMO_FIELD_DAYS - daysBefore) % 21) * 2;
          for (const depthCm of [30, 60]) {
            tensio.push({ ...base, clientId: id(), station: 'S1', depthCm, kpa: Math.round(rng.float(dryness - 5, dryness + 5) * 10) / 10, readOn: day });
          }
          water.push({ ...base, clientId: id(), appliedOn: day, amount: Math.round(rng.float(8, 25) * 100) / 100, unit: 'mm' });
          if (farm.name !== DEMO_NO_PHENOLOGY_FARM && (DEMO_FIELD_DAYS - daysBefore) % 14 < 7) {
            const progress = (DEMO_FIELD_DAYS - daysBefore) / DEMO_FIELD_DAYS;
            const stage = PHENOLOGY_STAGE_KEYS[Math.min(PHENOLOGY_STAGE_KEYS.length - 1, Math.floor(progress * PHENOLOGY_STAGE_KEYS.length))]!;
            pheno.push({ ...base, clientId: id(), observedOn: day, stage, percentOfTrees: rng.int(20, 100) });
          }
        }
      }
    }
    await ctx.insert(tensiometerReadings, tensio);
    await ctx.insert(waterApplied, water);
    await ctx.insert(phenologyObservations, pheno);
  },
};
