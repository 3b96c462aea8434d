/**
 * The attention list on the picking world (today 2026-03-11, ISO week 11): packhouse organisation P
 * owns PH1 and PH2; A grows on farm FA (PUC C1, blocks B01 and B02 with estimates of nobody).
 * Each source, decisions per user, tenancy, permissions and validation.
 */
import {
  ATTENTION_PATHS,
  ATTENTION_REASONS,
  type AttentionListResponse,
  type CapacityAttentionItem,
  type EstimateAttentionItem,
} from '@orchard/shared/attention';
import { PERMISSIONS } from '@orchard/shared/core';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createMemberWith, createPickingWorld, fixedClock, type PickingWorld } from '../../../test/helpers/picking-world';
import { attentionDecisions, packhouseCapacities, pickingEstimateWeeks, productionBlocks, yieldEstimates } from '../../db/schema/index';

const confirmUrl = (type: string, action: string, value: string) =>
  `${ATTENTION_PATHS.confirm}?type=${encodeURIComponent(type)}&action=${encodeURIComponent(action)}&action_value=${encodeURIComponent(value)}`;

describe('attention list', () => {
  let t: TestApp;
  let w: PickingWorld;
  const ids = {} as {
    packer2: number;
    packerNoView: number;
    editor: number;
    reportsOnly: number;
    editOnly: number;
    noFarm: number;
    b01: number;
    b02: number;
  };

  const list = async (userId: number, organizationId: number) => {
    const res = await t.app.inject({ method: 'GET', url: ATTENTION_PATHS.list, headers: await t.headersFor(userId, organizationId) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AttentionListResponse>();
  };
  const decide = async (userId: number, organizationId: number, type: string, action: string, value: string) =>
    t.app.inject({ method: 'POST', url: confirmUrl(type, action, value), headers: await t.headersFor(userId, organizationId) });
  const values = (r: AttentionListResponse, type: string) => r.items.filter((i) => i.type === type).map((i) => i.actionValue);
  const capacityValue = (week: number, packhouse = w.ph.ph1) => `${packhouse}:2026-W${String(week).padStart(2, '0')}`;
  const addEstimate = async (productionBlockId: number, createdBy: number, adjusted: number, at: string) => {
    const [row] = await t.db
      .insert(yieldEstimates)
      .values({ organizationId: w.a.organizationId, productionBlockId, season: 2026, ha: 2, tonnesPerHa: adjusted, tonnesPerHaAdjusted: adjusted, createdBy, createdAt: new Date(at) })
      .returning({ id: yieldEstimates.id });
    return row!.id;
  };

  beforeAll(async () => {
    t = await createTestApp({}, { clock: fixedClock() });
    w = await createPickingWorld(t);
    // PH1: week 10 (past) over, week 11 under (47 of 500), week 12 over (300 of 200)
    await t.db.insert(pickingEstimateWeeks).values({ pickingEstimateId: w.row.a1, year: 2026, week: 12, binCount: 300, updatedAt: new Date('2026-03-09T08:00:00Z') });
    await t.db.insert(packhouseCapacities).values([
      { packhouseId: w.ph.ph1, year: 2026, week: 10, capacity: 10, updatedAt: new Date('2026-03-01T08:00:00Z') },
      { packhouseId: w.ph.ph1, year: 2026, week: 12, capacity: 200, updatedAt: new Date('2026-03-02T08:00:00Z') },
    ]);
    const p = w.p.organizationId;
    const a = w.a.organizationId;
    ids.packer2 = await createMemberWith(t, p, 'attention-packer-two', [PERMISSIONS.pickingView]);
    ids.packerNoView = await createMemberWith(t, p, 'attention-packer-no-view', [PERMISSIONS.capacityEdit, PERMISSIONS.managementPackhouses]);
    const both = [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit];
    ids.editor = await createMemberWith(t, a, 'attention-editor', both, [w.farm.a]);
    ids.reportsOnly = await createMemberWith(t, a, 'attention-reports-only', [PERMISSIONS.harvestReports], [w.farm.a]);
    ids.editOnly = await createMemberWith(t, a, 'attention-edit-only', [PERMISSIONS.harvestEstimatesEdit], [w.farm.a]);
    ids.noFarm = await createMemberWith(t, a, 'attention-no-farm', both);
    const blocks = await t.db.select().from(productionBlocks).where(eq(productionBlocks.pucId, w.puc.a));
    ids.b01 = blocks.find((b) => b.code === 'B01')!.id;
    ids.b02 = blocks.find((b) => b.code === 'B02')!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists a week planned over an owned packhouse capacity, from the current week on, with what the screen needs', async () => {
    const res = await list(w.p.userId, w.p.organizationId);
    expect(res.count).toBe(1);
    const item = res.items[0] as CapacityAttentionItem;
    expect(item).toEqual({
      type: 'capacity',
      actionValue: capacityValue(12),
      at: '2026-03-09T08:00:00.000Z',
      link: '/packhouse/pickingschedulepackhouse',
      actions: ['confirm', 'dismiss'],
      packhouseId: w.ph.ph1,
      packhouseName: 'PH1 Kirkwood',
      year: 2026,
      week: 12,
      totalBins: 300,
      capacity: 200,
    });
  });

  it('records decisions per user: once, idempotent, the other decision 409, and a new week is a new item', async () => {
    const p = w.p.organizationId;
    const first = await decide(w.p.userId, p, 'capacity', 'dismiss', capacityValue(12));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ type: 'capacity', action: 'dismiss', actionValue: capacityValue(12), decidedAt: '2026-03-11T06:00:00.000Z' });
    const again = await decide(w.p.userId, p, 'capacity', 'dismiss', capacityValue(12));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await decide(w.p.userId, p, 'capacity', 'confirm', capacityValue(12));
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.reason).toBe(ATTENTION_REASONS.alreadyDecided);
    expect(await t.db.select().from(attentionDecisions).where(eq(attentionDecisions.userId, w.p.userId))).toHaveLength(1);

    expect((await list(w.p.userId, p)).count).toBe(0);
    // another user of P still has it, and confirms it for themselves
    expect(values(await list(ids.packer2, p), 'capacity')).toEqual([capacityValue(12)]);
    expect((await decide(ids.packer2, p, 'capacity', 'confirm', capacityValue(12))).statusCode).toBe(200);
    expect((await list(ids.packer2, p)).count).toBe(0);

    // week 13 goes over: a new item for both
    await t.db.insert(pickingEstimateWeeks).values({ pickingEstimateId: w.row.b1, year: 2026, week: 13, binCount: 90, updatedAt: new Date('2026-03-10T08:00:00Z') });
    await t.db.insert(packhouseCapacities).values({ packhouseId: w.ph.ph1, year: 2026, week: 13, capacity: 50 });
    expect(values(await list(w.p.userId, p), 'capacity')).toEqual([capacityValue(13)]);
    expect(values(await list(ids.packer2, p), 'capacity')).toEqual([capacityValue(13)]);
  });

  it('answers 404 for a week that is not over capacity, past, or of a packhouse the organisation does not own', async () => {
    const p = w.p.organizationId;
    for (const value of [capacityValue(11), capacityValue(10), capacityValue(14), capacityValue(12, w.ph.ph3), capacityValue(12, 999_999)]) {
      const res = await decide(ids.packer2, p, 'capacity', 'dismiss', value);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(404);
    }
  });

  it('keeps capacity items to the owner organisation and to users with picking.view', async () => {
    // A links PH1 but does not own it; its member holds every permission
    expect(values(await list(w.a.userId, w.a.organizationId), 'capacity')).toEqual([]);
    const inA = await decide(w.a.userId, w.a.organizationId, 'capacity', 'dismiss', capacityValue(13));
    expect(inA.statusCode, inA.body).toBe(404);
    // B's member naming P's organisation is no member there
    const inP = await decide(w.b.userId, w.p.organizationId, 'capacity', 'dismiss', capacityValue(13));
    expect(inP.statusCode, inP.body).toBe(404);
    // P's member without picking.view (capacity.edit and packhouses only)
    expect(await list(ids.packerNoView, w.p.organizationId)).toEqual({ count: 0, items: [] });
    expect((await decide(ids.packerNoView, w.p.organizationId, 'capacity', 'dismiss', capacityValue(13))).statusCode).toBe(404);
    expect(await t.db.select().from(attentionDecisions).where(eq(attentionDecisions.userId, ids.packerNoView))).toEqual([]);
  });

  it("lists the latest estimate of a visible block saved by someone else, with the one it replaced; not to its author", async () => {
    const a = w.a.organizationId;
    const id = await addEstimate(ids.b01, ids.editor, 44, '2026-03-10T09:00:00Z');
    const res = await list(w.a.userId, a);
    expect(values(res, 'estimate')).toEqual([String(id)]);
    const item = res.items[0] as EstimateAttentionItem;
    expect(item).toMatchObject({
      type: 'estimate',
      actionValue: String(id),
      at: '2026-03-10T09:00:00.000Z',
      link: `/packhouse/harvestblockreport?puc=${w.puc.a}`,
      estimateId: id,
      productionBlockId: ids.b01,
      blockCode: 'B01',
      pucId: w.puc.a,
      pucName: `C1 ${w.a.canary}`,
      farmName: `FA ${w.a.canary}`,
      season: 2026,
      tonnesPerHaAdjusted: 44,
      previousTonnesPerHaAdjusted: 40,
      changedByName: expect.any(String),
    });
    // the author has nothing to decide
    expect(values(await list(ids.editor, a), 'estimate')).toEqual([]);
  });

  it('makes a new item for a newer estimate after a decision; the superseded one answers 404; the own save ends it', async () => {
    const a = w.a.organizationId;
    const [current] = values(await list(w.a.userId, a), 'estimate');
    expect((await decide(w.a.userId, a, 'estimate', 'confirm', current!)).statusCode).toBe(200);
    expect(values(await list(w.a.userId, a), 'estimate')).toEqual([]);
    const newer = await addEstimate(ids.b01, ids.editor, 46, '2026-03-10T10:00:00Z');
    expect(values(await list(w.a.userId, a), 'estimate')).toEqual([String(newer)]);
    // the decided one is superseded: no longer an item
    // the decided one, superseded: repeating the decision answers the stored one
    const stale = await decide(w.a.userId, a, 'estimate', 'confirm', current!);
    expect(stale.statusCode, stale.body).toBe(200);
    // for a user who never decided it, it is no longer an item
    const late = await createMemberWith(t, a, 'attention-late', [PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit], [w.farm.a]);
    expect((await decide(late, a, 'estimate', 'confirm', current!)).statusCode).toBe(404);
    expect((await decide(late, a, 'estimate', 'confirm', String(newer))).statusCode).toBe(200);
    // B02's estimate saved by the user themselves after the editor's: nothing to decide
    await addEstimate(ids.b02, ids.editor, 5, '2026-03-10T11:00:00Z');
    await addEstimate(ids.b02, w.a.userId, 6, '2026-03-10T12:00:00Z');
    expect(values(await list(w.a.userId, a), 'estimate')).toEqual([String(newer)]);
  });

  it('keeps estimate items to users holding harvest.reports and harvest.estimates.edit, on their farms, in their organisation', async () => {
    const a = w.a.organizationId;
    const [value] = values(await list(w.a.userId, a), 'estimate');
    for (const userId of [ids.reportsOnly, ids.editOnly, ids.noFarm]) {
      expect(await list(userId, a)).toEqual({ count: 0, items: [] });
      const res = await decide(userId, a, 'estimate', 'dismiss', value!);
      expect(res.statusCode, res.body).toBe(404);
    }
    // B's member, in B: A's estimate is not theirs to see
    const inB = await decide(w.b.userId, w.b.organizationId, 'estimate', 'dismiss', value!);
    expect(inB.statusCode).toBe(404);
    expect(inB.body).not.toContain(w.a.canary);
    expect(values(await list(w.b.userId, w.b.organizationId), 'estimate')).toEqual([]);
    const written = await t.db
      .select()
      .from(attentionDecisions)
      .where(and(eq(attentionDecisions.type, 'estimate'), inArray(attentionDecisions.userId, [ids.reportsOnly, ids.editOnly, ids.noFarm, w.b.userId])));
    expect(written).toEqual([]);
  });

  it('lists every source newest first', async () => {
    // P's member also grows in P: give them an estimate item newer than the week-13 change
    const userId = await createMemberWith(t, w.a.organizationId, 'attention-everything', [PERMISSIONS.pickingView, PERMISSIONS.harvestReports, PERMISSIONS.harvestEstimatesEdit], [w.farm.a]);
    const res = await list(userId, w.a.organizationId);
    const ats = res.items.map((i) => i.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(res.count).toBe(res.items.length);
  });

  it('answers 400 with reasons for an unknown type or action and a value that does not fit its type', async () => {
    const p = w.p.organizationId;
    const cases = [
      [confirmUrl('spray-records', 'confirm', '1'), 'type', ATTENTION_REASONS.typeUnknown],
      [confirmUrl('input-checks', 'confirm', '1'), 'action_value', ATTENTION_REASONS.valueInvalid],
      [confirmUrl('capacity', 'approve', capacityValue(13)), 'action', ATTENTION_REASONS.actionUnknown],
      [confirmUrl('capacity', 'confirm', '12'), 'action_value', ATTENTION_REASONS.valueInvalid],
      [confirmUrl('estimate', 'confirm', '1:2026-W12'), 'action_value', ATTENTION_REASONS.valueInvalid],
      [`${ATTENTION_PATHS.confirm}?action=confirm&action_value=1`, 'type', ATTENTION_REASONS.typeUnknown],
    ] as const;
    for (const [url, field, reason] of cases) {
      const res = await t.app.inject({ method: 'POST', url, headers: await t.headersFor(w.p.userId, p) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      const details = res.json().error.details as { field: string; reason: string }[];
      expect(details, url).toEqual(expect.arrayContaining([expect.objectContaining({ field, reason })]));
    }
  });
});
