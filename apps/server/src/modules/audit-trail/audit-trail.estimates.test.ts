/**
 * The audit trail of yield estimates: an adjusted T/Ha writes its entry (the estimate before and
 * after) beside the estimate history, in the same transaction; a stale save writes neither.
 */
import { HARVEST_PATHS } from '@orchard/shared/harvest';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createHarvestWorld, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { auditEntries, yieldEstimates } from '../../db/schema/index';

describe('audit trail of yield estimates', () => {
  let t: TestApp;
  let w: HarvestWorld;
  const save = async (body: object) =>
    t.app.inject({ method: 'POST', url: HARVEST_PATHS.estimates, headers: await t.headersFor(w.a.userId, w.a.organizationId), payload: body });
  const entries = () =>
    t.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organizationId, w.a.organizationId), eq(auditEntries.area, 'estimates')))
      .orderBy(desc(auditEntries.id));
  const history = async (blockId: number) => (await t.db.select().from(yieldEstimates).where(eq(yieldEstimates.productionBlockId, blockId))).length;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('records the adjusted T/Ha before and after, and keeps the history', async () => {
    const kept = await history(w.block.c10b01);
    const res = await save({ production_Block: w.block.c10b01, ha: 2, tonnes_Per_Ha: 45, version: w.version.c10b01 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await history(w.block.c10b01)).toBe(kept + 1);
    const [entry] = await entries();
    expect(entry).toMatchObject({ action: 'update', entityType: 'production-block-estimate', entityId: String(w.block.c10b01), actorUserId: w.a.userId });
    // the world's latest estimate: original 50, adjusted 40 (harvest.routes.test)
    expect(entry!.changes).toEqual({ tonnesPerHa: { before: 50, after: 45 }, tonnesPerHaAdjusted: { before: 40, after: 45 } });
  });

  it('a first estimate is a create; a stale save writes no entry and no history', async () => {
    const first = await save({ production_Block: w.block.c10b03, ha: 3, tonnes_Per_Ha: 12, version: 0 });
    expect(first.statusCode, first.body).toBe(201);
    const [entry] = await entries();
    expect(entry).toMatchObject({ action: 'create', entityId: String(w.block.c10b03) });
    expect(entry!.changes.tonnesPerHaAdjusted).toEqual({ before: null, after: 12 });

    const count = (await entries()).length;
    const kept = await history(w.block.c10b03);
    expect((await save({ production_Block: w.block.c10b03, ha: 3, tonnes_Per_Ha: 13, version: 0 })).statusCode).toBe(412);
    expect((await entries()).length).toBe(count);
    expect(await history(w.block.c10b03)).toBe(kept);
  });
});
