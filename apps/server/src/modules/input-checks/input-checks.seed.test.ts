/** The demo field readings: most farms are up to date, one is stale everywhere, one never had phenology. */
import { INPUT_CHECKS_STALE_DAYS } from '@orchard/shared/input-checks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import type { DbHandle } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { DEMO_NO_PHENOLOGY_FARM, DEMO_STALE_DAYS, DEMO_STALE_FARM } from '../../db/seed/parts/field-capture';
import { SEED_REFERENCE_DATE, seedDemoData } from '../../db/seed/index';
import { findStaleFarms, getFarmInputChecks } from './input-checks.service';

describe('input checks demo data', () => {
  let handle: DbHandle;
  let admin: { userId: number; organizationId: number; isSuperUser: boolean };

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
    const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, 'Citrus Valley Growers'));
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    admin = { userId: user!.id, organizationId: org!.id, isSuperUser: false };
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('shows recent readings on most farms, a stale farm and a farm without phenology', async () => {
    const rows = await getFarmInputChecks(handle.db, admin, undefined, SEED_REFERENCE_DATE);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const stale = rows.find((r) => r.farm === DEMO_STALE_FARM)!;
    expect(stale.tensioLast).toBeGreaterThanOrEqual(DEMO_STALE_DAYS);
    expect(stale.waterAppliedOldest).toBeGreaterThanOrEqual(DEMO_STALE_DAYS);
    const noPheno = rows.find((r) => r.farm === DEMO_NO_PHENOLOGY_FARM)!;
    expect([noPheno.phenoLast, noPheno.phenoOldest]).toEqual([null, null]);
    expect(noPheno.phenoOldestIds.length).toBeGreaterThan(0);
    for (const row of rows.filter((r) => r.farm !== DEMO_STALE_FARM)) {
      expect(row.tensioOldest, row.farm).toBeLessThan(INPUT_CHECKS_STALE_DAYS);
      expect(row.waterAppliedOldest, row.farm).toBeLessThan(INPUT_CHECKS_STALE_DAYS);
    }
    const staleFarms = (await findStaleFarms(handle.db, admin, SEED_REFERENCE_DATE)).map((f) => f.farmName);
    expect(staleFarms).toEqual(expect.arrayContaining([DEMO_STALE_FARM, DEMO_NO_PHENOLOGY_FARM]));
  });
});
