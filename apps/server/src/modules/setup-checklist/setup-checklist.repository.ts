/**
 * Each setup step's state for one organisation, read in one statement of EXISTS probes (each an index
 * seek). A picking row is a producer-view row or a day's bins saved in Picking Schedule By PUC, the
 * screen the step leads to (the bins of a day are found through the organisation's PUCs, by the
 * cells' PUC index).
 */
import type { SetupStep } from '@orchard/shared/setup-checklist';
import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../db/client';
import {
  farms,
  fruitBinEstimates,
  fruitBins,
  legalEntities,
  memberships,
  organizationPackhouses,
  packhouses,
  pickingEstimates,
  productionBlocks,
  pucs,
  userFarms,
  users,
} from '../../db/schema/index';

export async function findSetupState(db: AppDb, organizationId: number): Promise<Record<SetupStep, boolean>> {
  const has = (table: typeof legalEntities | typeof farms | typeof pucs | typeof productionBlocks | typeof fruitBins | typeof pickingEstimates) =>
    sql<boolean>`exists (select 1 from ${table} where ${table.organizationId} = ${organizationId})`;
  const [row] = await rowsOf<Record<SetupStep, boolean>>(db, sql`
    select
      ${has(legalEntities)} as "legalEntity",
      ${has(farms)} as "farms",
      ${has(pucs)} as "pucs",
      ${has(productionBlocks)} as "productionBlocks",
      (exists (select 1 from ${packhouses} where ${packhouses.ownerOrganizationId} = ${organizationId})
        or exists (select 1 from ${organizationPackhouses} where ${organizationPackhouses.organizationId} = ${organizationId})) as "packhouses",
      exists (
        select 1 from ${userFarms}
        join ${memberships} on ${memberships.userId} = ${userFarms.userId} and ${memberships.organizationId} = ${userFarms.organizationId}
        join ${users} on ${users.id} = ${userFarms.userId}
        where ${userFarms.organizationId} = ${organizationId} and not ${users.isSuperUser}
      ) as "userFarms",
      ${has(fruitBins)} as "bins",
      (${has(pickingEstimates)}
        or exists (
          select 1 from ${pucs}
          where ${pucs.organizationId} = ${organizationId}
            and exists (select 1 from ${fruitBinEstimates} where ${fruitBinEstimates.pucId} = ${pucs.id})
        )) as "pickingRows"
  `);
  return row!;
}
