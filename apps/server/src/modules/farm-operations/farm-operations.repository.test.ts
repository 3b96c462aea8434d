import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { assignFarms, createUser } from '../../../test/helpers/fixtures';
import { createTenantWorld, type TenantWorld } from '../../../test/helpers/tenant-matrix';
import { inBatches } from '../../db/batches';
import { farmBlocks, farms, legalEntities, scoutingSessions, varieties } from '../../db/schema/index';
import { findSessions, type SessionFilter } from './farm-operations.repository';

describe('findSessions paged', () => {
  let t: TestApp;
  let w: TenantWorld;
  let filter: SessionFilter;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createTenantWorld(t);
    const A = w.a.organizationId;
    const [variety] = await t.db.insert(varieties).values({ varietyName: 'FP Navel', commodity: 'Oranges' }).returning();
    const [le] = await t.db.insert(legalEntities).values({ organizationId: A, name: 'FP LE' }).returning();
    const [farm] = await t.db.insert(farms).values({ organizationId: A, legalEntityId: le!.id, farmName: 'FP Farm' }).returning();
    await assignFarms(t.db, w.a.userId, A, [farm!.id]);
    const [block] = await t.db.insert(farmBlocks).values({ organizationId: A, farmId: farm!.id, name: 'P1', ha: 1, varietyId: variety!.id }).returning();
    const scout = await createUser(t.db, 'fp-scout');
    // 23 sessions; groups of three share a start time with microseconds a JavaScript Date cannot hold
    await t.db.execute(sql`
      insert into ${scoutingSessions} (organization_id, farm_block_id, scout_user_id, started_at, ended_at)
      select ${A}, ${block!.id}, ${scout.id},
             timestamptz '2025-06-20 08:00:00.000123+02' + (g / 3) * interval '1 minute',
             timestamptz '2025-06-20 08:00:00.000123+02' + (g / 3) * interval '1 minute' + interval '5 minutes'
      from generate_series(0, 22) g`);
    filter = { userId: w.a.userId, organizationId: A, farmIds: null, from: new Date('2025-06-19T22:00:00Z'), to: new Date('2025-06-20T22:00:00Z') };
  });
  afterAll(async () => t.close());

  it('reads every session once, in the unpaged order, whatever the page size', async () => {
    const all = await findSessions(t.db, filter);
    expect(all).toHaveLength(23);
    for (const size of [1, 2, 3, 5, 23, 50]) {
      const paged = [];
      for await (const row of inBatches((after: (typeof all)[number] | undefined, n) => findSessions(t.db, filter, { after, size: n }), size)) paged.push(row.id);
      expect(paged, `page size ${size}`).toEqual(all.map((r) => r.id));
    }
  });
});
