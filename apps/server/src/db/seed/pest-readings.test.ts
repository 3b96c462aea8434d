/** The demo pest readings: every panel of the pest dashboard has something on the demo world's today. */
import { addDays, dayOf } from '@orchard/shared/core';
import {
  TRAP_LURE_KEYS,
  TRAP_TYPE_KEYS,
  createScoutingSessionBodySchema,
  createTrapBodySchema,
  createTrapInspectionBodySchema,
} from '@orchard/shared/field-capture';
import { type PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import { getDashboard } from '../../modules/pest-dashboard/pest-dashboard.service';
import { rowsOf, type DbHandle } from '../client';
import { farmBlocks, farms, organizations, scoutingObservations, scoutingSessions, trapInspections, traps, users } from '../schema/index';
import { SEED_REFERENCE_DATE, seedDemoData } from './index';
import { DEMO_STALE_DAYS, DEMO_STALE_FARM } from './parts/field-capture';
import { DEMO_PESTS_PER_SESSION, DEMO_TRAP_DAYS, DEMO_TRAPS_PER_BLOCK, infestedPointsFor } from './parts/pest-readings';

async function viewer(handle: DbHandle, userName: string, organizationName: string) {
  const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
  const [org] = await handle.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, organizationName));
  return { userId: user!.id, organizationId: org!.id };
}

const dashboardOn = async (handle: DbHandle, userName: string, organizationName: string, referenceDate: Date) =>
  getDashboard(handle.db, await viewer(handle, userName, organizationName), { farms: undefined }, referenceDate);

const statuses = (answer: PestDashboardResponse) => answer.infection.rows.map((r) => r.status);

/** What each panel shows, in a few numbers. */
function panels(answer: PestDashboardResponse) {
  const count = (status: string) => statuses(answer).filter((s) => s === status).length;
  return {
    over: count('over'),
    near: count('near'),
    below: count('below'),
    series: answer.trapCounts.series.length,
    trapsOver: answer.trapsOverThreshold.rows.length,
    scouted: answer.scoutingFrequency.blocks.filter((b) => b.lastScoutedOn !== null).length,
  };
}

/** A fingerprint of the pest readings, to compare two seeds. */
async function fingerprint(handle: DbHandle) {
  const [row] = await rowsOf<{ observations: string; traps: string; inspections: string }>(
    handle.db,
    sql`select
      (select md5(string_agg(concat_ws('|', id, session_id, point_number, pest, count, present), ',' order by id)) from scouting_observations) as observations,
      (select md5(string_agg(concat_ws('|', id, organization_id, client_id, captured_by_user_id, farm_block_id, trap_type, lure, code, lat, lng, active_from, active_to), ',' order by id)) from traps) as traps,
      (select md5(string_agg(concat_ws('|', id, organization_id, client_id, captured_by_user_id, trap_id, inspected_on, count), ',' order by id)) from trap_inspections) as inspections`,
  );
  return row!;
}

describe('pest readings demo data', () => {
  let handle: DbHandle;
  const today = dayOf(SEED_REFERENCE_DATE);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('gives every panel of the pest dashboard something today: blocks over, near and (mostly) below, traps over threshold', async () => {
    const grower = panels(await dashboardOn(handle, 'admin', 'Citrus Valley Growers', SEED_REFERENCE_DATE));
    expect(grower.over).toBeGreaterThanOrEqual(1);
    expect(grower.near).toBeGreaterThanOrEqual(1);
    expect(grower.below).toBeGreaterThan(grower.over + grower.near);
    expect(grower.series).toBeGreaterThanOrEqual(4);
    expect(grower.trapsOver).toBeGreaterThanOrEqual(3);
    expect(grower.scouted).toBeGreaterThan(0);
    // the demo scout (the browser journeys' user) sees all of it on their three farms
    const scout = panels(await dashboardOn(handle, 'scout', 'Citrus Valley Growers', SEED_REFERENCE_DATE));
    expect(Math.min(scout.over, scout.near, scout.below, scout.series, scout.trapsOver)).toBeGreaterThanOrEqual(1);
    // Letaba has no scout: traps only
    const letaba = panels(await dashboardOn(handle, 'admin', 'Letaba Citrus Estates', SEED_REFERENCE_DATE));
    expect(letaba.trapsOver).toBeGreaterThanOrEqual(1);
    expect(letaba.series).toBeGreaterThanOrEqual(1);
  });

  it('records each pest of a session at every point, counted or present as the catalogue says, within the farm\'s points', async () => {
    const rows = await handle.db
      .select({
        sessionId: scoutingObservations.sessionId,
        pointNumber: scoutingObservations.pointNumber,
        pest: scoutingObservations.pest,
        count: scoutingObservations.count,
        present: scoutingObservations.present,
        note: scoutingObservations.note,
        maxPoints: farms.maxObservationPoints,
        farmBlockId: scoutingSessions.farmBlockId,
        startedAt: scoutingSessions.startedAt,
        endedAt: scoutingSessions.endedAt,
      })
      .from(scoutingObservations)
      .innerJoin(scoutingSessions, eq(scoutingSessions.id, scoutingObservations.sessionId))
      .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId));
    expect(rows.length).toBeGreaterThan(0);
    const bySession = new Map<number, typeof rows>();
    for (const r of rows) bySession.set(r.sessionId, [...(bySession.get(r.sessionId) ?? []), r]);
    for (const list of bySession.values()) {
      const first = list[0]!;
      // what a scout could have captured through the API
      const body = createScoutingSessionBodySchema.safeParse({
        clientId: '00000000-0000-4000-8000-000000000000',
        farmBlockId: first.farmBlockId,
        startedAt: first.startedAt.toISOString(),
        endedAt: first.endedAt.toISOString(),
        observations: list.map((o) => ({ pointNumber: o.pointNumber, pest: o.pest, count: o.count, present: o.present, note: o.note })),
      });
      expect(body.error?.issues ?? []).toEqual([]);
      const points = new Set(list.map((o) => o.pointNumber));
      expect(Math.max(...points)).toBeLessThanOrEqual(first.maxPoints);
      expect(list).toHaveLength(points.size * DEMO_PESTS_PER_SESSION);
    }
  });

  it('hangs a few traps on every block of the demo farms, near the farm, inspected every three or four days over four weeks', async () => {
    const blocks = await handle.db.select({ id: farmBlocks.id }).from(farmBlocks);
    const trapRows = await handle.db
      .select({ trap: traps, farmLat: farms.lat, farmLng: farms.lng, farmOrganizationId: farms.organizationId })
      .from(traps)
      .innerJoin(farmBlocks, eq(farmBlocks.id, traps.farmBlockId))
      .innerJoin(farms, eq(farms.id, farmBlocks.farmId));
    const perBlock = new Map<number, number>();
    for (const { trap, farmLat, farmLng, farmOrganizationId } of trapRows) {
      perBlock.set(trap.farmBlockId, (perBlock.get(trap.farmBlockId) ?? 0) + 1);
      expect(trap.organizationId).toBe(farmOrganizationId);
      expect(trap.capturedByUserId).not.toBeNull();
      expect(Math.abs(trap.lat - farmLat!)).toBeLessThan(0.01);
      expect(Math.abs(trap.lng - farmLng!)).toBeLessThan(0.01);
      expect(trap.activeFrom <= addDays(today, -DEMO_TRAP_DAYS) && trap.activeFrom <= '2025-03-01').toBe(true);
      const body = createTrapBodySchema.safeParse({ clientId: trap.clientId, farmBlockId: trap.farmBlockId, trapType: trap.trapType, lure: trap.lure, code: trap.code, lat: trap.lat, lng: trap.lng, activeFrom: trap.activeFrom, activeTo: trap.activeTo });
      expect(body.error?.issues ?? []).toEqual([]);
      expect(TRAP_TYPE_KEYS).toContain(trap.trapType);
      expect(TRAP_LURE_KEYS).toContain(trap.lure);
    }
    expect([...perBlock.keys()].sort()).toEqual(blocks.map((b) => b.id).sort());
    for (const n of perBlock.values()) expect(n >= DEMO_TRAPS_PER_BLOCK[0] && n <= DEMO_TRAPS_PER_BLOCK[1]).toBe(true);

    const inspections = await handle.db
      .select({ inspection: trapInspections, activeFrom: traps.activeFrom, trapOrganizationId: traps.organizationId })
      .from(trapInspections)
      .innerJoin(traps, eq(traps.id, trapInspections.trapId))
      .orderBy(asc(trapInspections.trapId), asc(trapInspections.inspectedOn));
    const days = new Map<number, string[]>();
    for (const { inspection, activeFrom, trapOrganizationId } of inspections) {
      expect(inspection.organizationId).toBe(trapOrganizationId);
      expect(inspection.inspectedOn >= activeFrom && inspection.inspectedOn < today && inspection.inspectedOn >= addDays(today, -DEMO_TRAP_DAYS)).toBe(true);
      const body = createTrapInspectionBodySchema.safeParse({ clientId: inspection.clientId, trapId: inspection.trapId, inspectedOn: inspection.inspectedOn, count: inspection.count });
      expect(body.error?.issues ?? []).toEqual([]);
      days.set(inspection.trapId, [...(days.get(inspection.trapId) ?? []), inspection.inspectedOn]);
    }
    for (const list of days.values()) {
      for (let i = 1; i < list.length; i++) expect([3, 4]).toContain((Date.parse(list[i]!) - Date.parse(list[i - 1]!)) / 86_400_000);
    }
  });

  it(`records no pest reading on ${DEMO_STALE_FARM} in the last ${DEMO_STALE_DAYS} days`, async () => {
    const [stale] = await handle.db.select({ id: farms.id }).from(farms).where(eq(farms.farmName, DEMO_STALE_FARM));
    const [recent] = await rowsOf<{ inspections: number; inspected: number; observations: number }>(
      handle.db,
      sql`select
        (select count(*)::int from trap_inspections i join traps t on t.id = i.trap_id join farm_blocks b on b.id = t.farm_block_id
          where b.farm_id = ${stale!.id} and i.inspected_on > ${addDays(today, -DEMO_STALE_DAYS)}) as inspections,
        (select count(*)::int from trap_inspections i join traps t on t.id = i.trap_id join farm_blocks b on b.id = t.farm_block_id
          where b.farm_id = ${stale!.id}) as inspected,
        (select count(*)::int from scouting_observations o join scouting_sessions s on s.id = o.session_id join farm_blocks b on b.id = s.farm_block_id
          where b.farm_id = ${stale!.id} and s.started_at >= ${new Date(SEED_REFERENCE_DATE.getTime() - DEMO_STALE_DAYS * 86_400_000)}) as observations`,
    );
    expect(recent).toEqual({ inspections: 0, inspected: expect.any(Number), observations: 0 });
    // its traps were inspected before then
    expect(recent!.inspected).toBeGreaterThan(0);
  });

  it('infests as many points as the wanted colour needs, by the shared threshold rule', () => {
    expect([infestedPointsFor('over', 10, 10), infestedPointsFor('near', 10, 10), infestedPointsFor('below', 10, 10)]).toEqual([1, null, 0]);
    expect([infestedPointsFor('over', 25, 10), infestedPointsFor('near', 25, 10), infestedPointsFor('below', 25, 10)]).toEqual([3, 2, 1]);
    expect(infestedPointsFor('near', 10, 25)).toBe(2);
  });
});

describe('pest readings demo data on another day', () => {
  // a Sunday a week into the season: the traps hang from before the season opened, so the four weeks of inspections fit
  const referenceDate = new Date('2026-03-08T07:00:00+02:00');

  // two whole seeds: more time than a test usually needs
  it('shows the same panels, and two seeds write the same readings', async () => {
    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      await Promise.all([seedDemoData(a, { referenceDate }), seedDemoData(b, { referenceDate })]);
      expect(await fingerprint(a)).toEqual(await fingerprint(b));
      const grower = panels(await dashboardOn(a, 'admin', 'Citrus Valley Growers', referenceDate));
      expect(Math.min(grower.over, grower.near, grower.below, grower.series, grower.trapsOver, grower.scouted)).toBeGreaterThanOrEqual(1);
      const [first] = await a.db.select({ activeFrom: traps.activeFrom }).from(traps).orderBy(asc(traps.activeFrom)).limit(1);
      expect(first!.activeFrom).toBe(addDays(dayOf(referenceDate), -DEMO_TRAP_DAYS));
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
