import { PERMISSIONS } from '@orchard/shared/core';
import { SETUP_CHECKLIST_PATHS, SETUP_STEPS, type SetupStep } from '@orchard/shared/setup-checklist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, assignFarms, createUser } from '../../../test/helpers/fixtures';
import { createHarvestWorld, memberWith, type HarvestWorld } from '../../../test/helpers/harvest-world';
import { farms, fruitBinEstimates, legalEntities, pickingEstimates, userFarms } from '../../db/schema/index';
import { and, eq } from 'drizzle-orm';

describe('setup checklist', () => {
  let t: TestApp;
  let w: HarvestWorld;

  const ask = async (userId: number, organizationId: number) =>
    t.app.inject({ method: 'GET', url: SETUP_CHECKLIST_PATHS.checklist, headers: await t.headersFor(userId, organizationId) });
  const state = async (userId: number, organizationId: number): Promise<Record<SetupStep, boolean>> => {
    const res = await ask(userId, organizationId);
    expect(res.statusCode, res.body).toBe(200);
    const steps = (res.json() as { steps: { step: SetupStep; done: boolean }[] }).steps;
    expect(steps.map((s) => s.step)).toEqual([...SETUP_STEPS]);
    return Object.fromEntries(steps.map((s) => [s.step, s.done])) as Record<SetupStep, boolean>;
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createHarvestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every step open for an organisation with nothing yet', async () => {
    expect(Object.values(await state(w.b.userId, w.b.organizationId))).toEqual(SETUP_STEPS.map(() => false));
  });

  it('answers each step done once the organisation has it, and only its own rows count', async () => {
    // A has entities, farms, PUCs, blocks, linked packhouses, a member with farms and bins, no picking row
    expect(await state(w.a.userId, w.a.organizationId)).toEqual({
      legalEntity: true,
      farms: true,
      pucs: true,
      productionBlocks: true,
      packhouses: true,
      userFarms: true,
      bins: true,
      pickingRows: false,
    });
    // the packhouse organisation owns packhouses but has nothing else
    const packer = await memberWith(t, w.packhouseOrg.organizationId, 'checklist-packer', [PERMISSIONS.managementPackhouses]);
    const packerState = await state(packer, w.packhouseOrg.organizationId);
    expect(packerState.packhouses).toBe(true);
    expect(packerState.farms).toBe(false);

    await t.db.insert(pickingEstimates).values({ organizationId: w.a.organizationId, pucId: w.puc.c10, varietyId: w.variety.navel, packhouseId: w.ph.ph1 });
    expect((await state(w.a.userId, w.a.organizationId)).pickingRows).toBe(true);
    // B still has nothing: A's rows never count for B
    expect(Object.values(await state(w.b.userId, w.b.organizationId)).some(Boolean)).toBe(false);
  });

  it("counts a day's bins saved in Picking Schedule By PUC as the first picking row: a new organisation has no producer row to copy", async () => {
    // grower G: a farm, a PUC and a block of its own, bins, no producer-view row
    const g = w.growerG.organizationId;
    const picker = await memberWith(t, g, 'checklist-picker', [PERMISSIONS.pickingEdit]);
    expect((await state(picker, g)).pickingRows).toBe(false);
    await t.db.insert(fruitBinEstimates).values({ organizationId: g, pucId: w.puc.l5, varietyId: w.variety.navel, date: '2026-03-16', bins: 30, packhouseId: w.ph.ph1 });
    expect((await state(picker, g)).pickingRows).toBe(true);
    // another organisation's day never counts
    expect((await state(w.b.userId, w.b.organizationId)).pickingRows).toBe(false);
  });

  it('counts a farm held by a member, but not one held only by a super user', async () => {
    const entity = (await t.db.insert(legalEntities).values({ organizationId: w.b.organizationId, name: 'B entity' }).returning())[0]!;
    const farm = (await t.db.insert(farms).values({ organizationId: w.b.organizationId, legalEntityId: entity.id, farmName: 'B farm' }).returning())[0]!;
    const operator = await createUser(t.db, 'checklist-operator', { isSuperUser: true });
    await addMember(t.db, operator.id, w.b.organizationId);
    await assignFarms(t.db, operator.id, w.b.organizationId, [farm.id]);
    const before = await state(w.b.userId, w.b.organizationId);
    expect([before.legalEntity, before.farms, before.userFarms]).toEqual([true, true, false]);

    await assignFarms(t.db, w.b.userId, w.b.organizationId, [farm.id]);
    expect((await state(w.b.userId, w.b.organizationId)).userFarms).toBe(true);
    await t.db.delete(userFarms).where(and(eq(userFarms.userId, w.b.userId), eq(userFarms.organizationId, w.b.organizationId)));
  });

  it('refuses a member who may act on no step, and a caller outside the organisation', async () => {
    const reader = await memberWith(t, w.a.organizationId, 'checklist-reader', [PERMISSIONS.harvestReports]);
    expect((await ask(reader, w.a.organizationId)).statusCode).toBe(403);
    for (const permission of [PERMISSIONS.managementFarmSetup, PERMISSIONS.usersAssignFarms, PERMISSIONS.harvestEstimatesEdit, PERMISSIONS.pickingEdit]) {
      const member = await memberWith(t, w.a.organizationId, `checklist-${permission}`, [permission]);
      expect((await ask(member, w.a.organizationId)).statusCode, permission).toBe(200);
    }
    // B's member naming A: not a member there
    expect((await ask(w.b.userId, w.a.organizationId)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: SETUP_CHECKLIST_PATHS.checklist })).statusCode).toBe(401);
  });
});
