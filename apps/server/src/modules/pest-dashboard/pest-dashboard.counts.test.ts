/**
 * The database counts what the pest dashboard shows (pest-dashboard.repository); the shared rules
 * count the same over the rows themselves (countInfection, countTraps, latestInspections). On the
 * pest world's edge cases and on the demo season, both must agree exactly.
 */
import { BUSINESS_TIME_ZONE, dayBounds } from '@orchard/shared/core';
import {
  countInfection,
  countTraps,
  latestInspections,
  pestDashboardWindow,
  type InfectionCounts,
  type TrapCounts,
} from '@orchard/shared/pest-dashboard';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type AppDb } from '../../db/client';
import { organizations, scoutingObservations, scoutingSessions, trapInspections, traps, users } from '../../db/schema/index';
import { seedDemoData } from '../../db/seed/index';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createPestWorld } from '../../../test/helpers/pest-world';
import { findBlocksWithLastSession, findInfectionCounts, findLatestInspections, findTrapCounts, type DashboardScope } from './pest-dashboard.repository';

const byKeys = <T>(rows: readonly T[], key: (r: T) => string) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
const infectionSorted = (c: InfectionCounts) => ({
  blocks: byKeys(c.blocks, (b) => String(b.blockId).padStart(10, '0')),
  pests: byKeys(c.pests, (p) => `${String(p.blockId).padStart(10, '0')} ${p.pest}`),
});
const trapsSorted = (c: TrapCounts) => ({
  days: byKeys(c.days, (d) => `${d.trapType} ${d.lure} ${d.day}`),
  pairs: byKeys(c.pairs, (p) => `${p.trapType} ${p.lure}`),
});

/** The database's counts and the shared rule's recount over the same scope, day and rows. */
async function bothWays(db: AppDb, scope: DashboardScope, date: string) {
  const window = pestDashboardWindow(date);
  const from = dayBounds(window.from).from;
  const to = dayBounds(window.to).to;
  const blockIds = (await findBlocksWithLastSession(db, scope, dayBounds(date).to)).map((b) => b.blockId);
  const sessionRows = await db
    .select({ sessionId: scoutingSessions.id, blockId: scoutingSessions.farmBlockId, startedAt: scoutingSessions.startedAt })
    .from(scoutingSessions)
    .where(and(eq(scoutingSessions.organizationId, scope.organizationId), inArray(scoutingSessions.farmBlockId, blockIds), gte(scoutingSessions.startedAt, from), lt(scoutingSessions.startedAt, to)));
  const days = await rowsOf<{ id: number; day: string }>(
    db,
    sql`select id, to_char(started_at at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') as day from scouting_sessions where id in ${sessionRows.length ? sql`(${sql.join(sessionRows.map((s) => sql`${s.sessionId}`), sql`, `)})` : sql`(null)`}`,
  );
  const dayOf = new Map(days.map((r) => [Number(r.id), r.day]));
  const sessions = sessionRows.map((s) => ({ sessionId: s.sessionId, blockId: s.blockId, day: dayOf.get(s.sessionId)!, startedAt: s.startedAt.toISOString() }));
  const observations = sessions.length
    ? await db
        .select({ sessionId: scoutingObservations.sessionId, pointNumber: scoutingObservations.pointNumber, pest: scoutingObservations.pest, count: scoutingObservations.count, present: scoutingObservations.present })
        .from(scoutingObservations)
        .where(inArray(scoutingObservations.sessionId, sessions.map((s) => s.sessionId)))
    : [];
  const trapRows = await db
    .select({ trapId: traps.id, blockId: traps.farmBlockId, trapType: traps.trapType, lure: traps.lure, code: traps.code, lat: traps.lat, lng: traps.lng, activeFrom: traps.activeFrom, activeTo: traps.activeTo })
    .from(traps)
    .where(and(eq(traps.organizationId, scope.organizationId), inArray(traps.farmBlockId, blockIds)));
  const inspections = trapRows.length
    ? await db
        .select({ inspectionId: trapInspections.id, trapId: trapInspections.trapId, inspectedOn: trapInspections.inspectedOn, count: trapInspections.count })
        .from(trapInspections)
        .where(and(inArray(trapInspections.trapId, trapRows.map((t) => t.trapId)), gte(trapInspections.inspectedOn, window.from), lte(trapInspections.inspectedOn, window.to)))
    : [];
  return {
    rows: { sessions: sessions.length, observations: observations.length, inspections: inspections.length },
    database: {
      infection: infectionSorted(await findInfectionCounts(db, scope, from, to)),
      traps: trapsSorted(await findTrapCounts(db, scope, window.from, window.to)),
      latest: byKeys(await findLatestInspections(db, scope, window.from, window.to), (t) => String(t.trapId).padStart(10, '0')),
    },
    recount: {
      infection: infectionSorted(countInfection(sessions, observations)),
      traps: trapsSorted(countTraps(trapRows, inspections, date)),
      latest: byKeys(latestInspections(trapRows, inspections, date), (t) => String(t.trapId).padStart(10, '0')),
    },
  };
}

describe('pest dashboard counts: the database against the shared rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("agree on the pest world's edge cases, for every day of the window and each caller", async () => {
    const w = await createPestWorld(t);
    for (const date of ['2025-06-30', '2025-06-26', '2025-06-20']) {
      for (const scope of [
        { userId: w.a.userId, organizationId: w.a.organizationId, farmIds: null },
        { userId: w.a.userId, organizationId: w.a.organizationId, farmIds: [w.farm.f1] },
        { userId: w.b.userId, organizationId: w.b.organizationId, farmIds: null },
      ]) {
        const both = await bothWays(t.db, scope, date);
        expect(both.database, `${date} ${JSON.stringify(scope)}`).toEqual(both.recount);
      }
    }
    const today = await bothWays(t.db, { userId: w.a.userId, organizationId: w.a.organizationId, farmIds: null }, '2025-06-30');
    expect(today.rows.sessions).toBeGreaterThan(2);
    expect(today.rows.inspections).toBeGreaterThan(3);
  });

  it('agree on the demo season', async () => {
    await t.close();
    t = await createTestApp();
    await seedDemoData(t.handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    for (const org of await t.db.select({ id: organizations.id }).from(organizations)) {
      const both = await bothWays(t.db, { userId: admin!.id, organizationId: org.id, farmIds: null }, '2025-06-30');
      expect(both.database).toEqual(both.recount);
    }
    const [inspected] = await t.db.select({ n: sql<number>`count(*)::int` }).from(trapInspections);
    const [observed] = await t.db.select({ n: sql<number>`count(*)::int` }).from(scoutingObservations);
    expect([inspected!.n, observed!.n].every((n) => n > 100), JSON.stringify([inspected, observed])).toBe(true);
  }, 120_000);
});
