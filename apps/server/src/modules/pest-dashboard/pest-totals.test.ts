/**
 * The pest dashboard's totals (scouting_day_totals, scouting_pest_day_totals, trap_day_totals,
 * trap_latest_inspections, kept by the triggers of migration 0026) always equal a recount of the
 * sessions, observations, traps and inspections: after the pest world, after random sequences of
 * every change the database allows (sessions added, moved across days and blocks, deleted with their
 * observations; observations added, edited, deleted; inspections added, edited, moved, deleted;
 * traps retyped and moved; truncates), and after the demo seed, which writes in replica mode. And
 * the dashboard read from them answers exactly what the per-row rules of the shared figures answer
 * from the rows themselves.
 */
import { dayBounds, dayOf } from '@orchard/shared/core';
import {
  countInfection,
  infectionFigures,
  pestDashboardWindow,
  scoutingFrequencyFigures,
  trapFiguresOfRows,
  trapThresholdKey,
  type PestDashboardResponse,
} from '@orchard/shared/pest-dashboard';
import fc from 'fast-check';
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { PEST_TODAY, createPestWorld, type PestWorld } from '../../../test/helpers/pest-world';
import { rowsOf, type AppDb } from '../../db/client';
import { organizations, scoutingObservations, scoutingSessions, trapInspections, traps, users } from '../../db/schema/index';
import { seedDemoData } from '../../db/seed/index';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { findBlocksWithLastSession } from './pest-dashboard.repository';
import { getDashboard } from './pest-dashboard.service';
import { loadThresholds } from '../pest-thresholds/index';
import { inRolledBackTransaction } from '../../../test/helpers/rolled-back';

const DAY = `pest_local_day(s.started_at)`;

/** Each totals table as stored and as recounted from the readings, both as sorted JSON lines. */
async function totalsAndRecount(db: AppDb) {
  const lines = async (query: string) => (await rowsOf<{ line: string }>(db, sql.raw(`select line from (${query}) q order by 1`))).map((r) => r.line);
  return {
    stored: {
      days: await lines(`select concat_ws('|', organization_id, farm_block_id, day, sessions, points, last_session_id) as line from scouting_day_totals`),
      pests: await lines(`select concat_ws('|', organization_id, farm_block_id, day, pest, observations, infested) as line from scouting_pest_day_totals`),
      traps: await lines(`select concat_ws('|', organization_id, farm_block_id, trap_type, lure, day, inspections, total_count, max_count) as line from trap_day_totals`),
      latest: await lines(`select concat_ws('|', trap_id, organization_id, farm_block_id, trap_type, lure, inspection_id, inspected_on, count) as line from trap_latest_inspections`),
    },
    recount: {
      days: await lines(
        `select concat_ws('|', s.organization_id, s.farm_block_id, ${DAY}, count(*), coalesce(sum(p.points), 0),
           (array_agg(s.id order by s.started_at desc, s.id desc))[1]) as line
         from scouting_sessions s
         left join (select session_id, count(distinct point_number) as points from scouting_observations group by session_id) p on p.session_id = s.id
         group by s.organization_id, s.farm_block_id, ${DAY}`,
      ),
      pests: await lines(
        `select concat_ws('|', s.organization_id, s.farm_block_id, ${DAY}, o.pest, count(*), count(*) filter (where coalesce(o.count > 0, o.present, false))) as line
         from scouting_observations o join scouting_sessions s on s.id = o.session_id
         group by s.organization_id, s.farm_block_id, ${DAY}, o.pest`,
      ),
      traps: await lines(
        `select concat_ws('|', i.organization_id, t.farm_block_id, t.trap_type, t.lure, i.inspected_on, count(*), sum(i.count), max(i.count)) as line
         from trap_inspections i join traps t on t.id = i.trap_id and t.organization_id = i.organization_id
         group by i.organization_id, t.farm_block_id, t.trap_type, t.lure, i.inspected_on`,
      ),
      latest: await lines(
        `select distinct on (i.trap_id) concat_ws('|', i.trap_id, i.organization_id, t.farm_block_id, t.trap_type, t.lure, i.id, i.inspected_on, i.count) as line
         from trap_inspections i join traps t on t.id = i.trap_id and t.organization_id = i.organization_id
         order by i.trap_id, i.inspected_on desc, i.id desc`,
      ),
    },
  };
}

async function expectTotalsEqualRecount(db: AppDb) {
  const { stored, recount } = await totalsAndRecount(db);
  expect(stored).toEqual(recount);
}

/**
 * The dashboard as the shared rules work it out over the rows themselves (the window's sessions,
 * observations, traps and inspections of the caller's blocks), the way it was answered before the
 * totals.
 */
async function dashboardFromRows(db: AppDb, viewer: FarmViewer, date: string): Promise<PestDashboardResponse> {
  const window = pestDashboardWindow(date);
  const from = dayBounds(window.from).from;
  const to = dayBounds(window.to).to;
  const thresholds = await loadThresholds(db, viewer.organizationId);
  const blocks = await findBlocksWithLastSession(db, { ...viewer, farmIds: null }, to);
  const blockIds = blocks.map((b) => b.blockId);
  const sessionRows = blockIds.length
    ? await db
        .select({ sessionId: scoutingSessions.id, blockId: scoutingSessions.farmBlockId, startedAt: scoutingSessions.startedAt })
        .from(scoutingSessions)
        .where(and(eq(scoutingSessions.organizationId, viewer.organizationId), inArray(scoutingSessions.farmBlockId, blockIds), gte(scoutingSessions.startedAt, from), lt(scoutingSessions.startedAt, to)))
    : [];
  const sessions = sessionRows.map((s) => ({ ...s, day: dayOf(s.startedAt), startedAt: s.startedAt.toISOString() }));
  const observations = sessions.length
    ? await db
        .select({ sessionId: scoutingObservations.sessionId, pointNumber: scoutingObservations.pointNumber, pest: scoutingObservations.pest, count: scoutingObservations.count, present: scoutingObservations.present })
        .from(scoutingObservations)
        .where(inArray(scoutingObservations.sessionId, sessions.map((s) => s.sessionId)))
    : [];
  const trapRows = blockIds.length
    ? await db
        .select({ trapId: traps.id, blockId: traps.farmBlockId, trapType: traps.trapType, lure: traps.lure, code: traps.code, lat: traps.lat, lng: traps.lng, activeFrom: traps.activeFrom, activeTo: traps.activeTo })
        .from(traps)
        .where(and(eq(traps.organizationId, viewer.organizationId), inArray(traps.farmBlockId, blockIds)))
    : [];
  const inspections = trapRows.length
    ? await db
        .select({ inspectionId: trapInspections.id, trapId: trapInspections.trapId, inspectedOn: trapInspections.inspectedOn, count: trapInspections.count })
        .from(trapInspections)
        .where(
          and(
            eq(trapInspections.organizationId, viewer.organizationId),
            inArray(trapInspections.trapId, trapRows.map((t) => t.trapId)),
            gte(trapInspections.inspectedOn, window.from),
            lte(trapInspections.inspectedOn, window.to),
          ),
        )
    : [];
  const pestThresholds = new Map(thresholds.pests.map((p) => [p.pest as string, p.thresholdPercent]));
  const trapThresholds = new Map(thresholds.traps.map((t) => [trapThresholdKey(t.trapType, t.pest), t.thresholdCount]));
  const trapFigures = trapFiguresOfRows(blocks, trapRows, inspections, trapThresholds, date);
  return {
    date,
    from: window.from,
    to: window.to,
    defaultThresholds: thresholds.isDefault,
    infection: infectionFigures(blocks, countInfection(sessions, observations), pestThresholds),
    trapCounts: { series: trapFigures.series },
    trapsOverThreshold: { rows: trapFigures.overThreshold },
    scoutingFrequency: scoutingFrequencyFigures(blocks, thresholds.scoutingFrequencyDays, date),
  };
}

async function expectDashboardEqualsRows(db: AppDb, viewer: FarmViewer, dates: readonly string[]) {
  for (const date of dates) {
    const answer = await getDashboard(db, viewer, { date }, PEST_TODAY);
    expect(answer, date).toEqual(await dashboardFromRows(db, viewer, date));
  }
}

/** Days of the window and around it, with times near South African midnight (22:00 UTC) so days turn. */
const DAYS = ['2025-06-18', '2025-06-19', '2025-06-20', '2025-06-24', '2025-06-29', '2025-06-30'];
const TIMES = ['00:10', '07:00', '23:50'];
const PESTS = ['red-scale', 'fruit-fly', 'mealybug', 'aphids'];
const TRAP_SETUPS = [
  ['delta', 'fcm-pheromone'],
  ['mcphail', 'capilure'],
  ['bucket', 'questlure'],
] as const;

type Op =
  | { kind: 'session'; block: number; day: number; time: number; points: number; pests: number; seed: number }
  | { kind: 'observe'; mod: number; rem: number; point: number; pest: number; count: number | null }
  | { kind: 'edit-observations'; mod: number; rem: number }
  | { kind: 'delete-observations'; mod: number; rem: number }
  | { kind: 'move-sessions'; mod: number; rem: number; block: number; day: number; time: number }
  | { kind: 'delete-sessions'; mod: number; rem: number }
  | { kind: 'inspect'; trap: number; day: number; count: number; times: number }
  | { kind: 'edit-inspections'; mod: number; rem: number; day: number; count: number; trap: number }
  | { kind: 'delete-inspections'; mod: number; rem: number }
  | { kind: 'retrap'; mod: number; rem: number; setup: number; block: number }
  | { kind: 'truncate'; table: 'scouting_observations' | 'scouting_sessions' | 'trap_inspections' };

const fraction = { mod: fc.integer({ min: 1, max: 4 }), rem: fc.nat(3) };

describe('pest dashboard totals', () => {
  let t: TestApp;
  let w: PestWorld;
  let blocks: number[];
  let trapIds: number[];
  let viewer: FarmViewer;

  beforeAll(async () => {
    t = await createTestApp();
    w = await createPestWorld(t);
    blocks = [w.block.a1, w.block.a2, w.block.d1, w.blocks.d2, w.blocks.d4, w.block.x1];
    trapIds = [w.traps.t1, w.traps.t2, w.traps.t3, w.traps.t4];
    viewer = { userId: w.a.userId, organizationId: w.a.organizationId };
  });
  afterAll(async () => {
    await t.close();
  });

  it('hold the pest world as written, and the dashboard equals the per-row rules', async () => {
    await expectTotalsEqualRecount(t.db);
    await expectDashboardEqualsRows(t.db, viewer, ['2025-06-30', '2025-06-26', '2025-06-20']);
    await expectDashboardEqualsRows(t.db, { userId: w.b.userId, organizationId: w.b.organizationId }, ['2025-06-30']);
  });

  it('equal a recount after any sequence of writes, and the dashboard equals the per-row rules', async () => {
    const index = (n: number) => fc.nat(n - 1);
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('session' as const), block: index(blocks.length), day: index(DAYS.length), time: index(TIMES.length), points: fc.nat(4), pests: fc.integer({ min: 1, max: 3 }), seed: fc.nat(100) }),
      fc.record({ kind: fc.constant('observe' as const), ...fraction, point: fc.integer({ min: 1, max: 6 }), pest: index(PESTS.length), count: fc.option(fc.nat(3)) }),
      fc.record({ kind: fc.constant('edit-observations' as const), ...fraction }),
      fc.record({ kind: fc.constant('delete-observations' as const), ...fraction }),
      fc.record({ kind: fc.constant('move-sessions' as const), ...fraction, block: index(blocks.length), day: index(DAYS.length), time: index(TIMES.length) }),
      fc.record({ kind: fc.constant('delete-sessions' as const), ...fraction }),
      fc.record({ kind: fc.constant('inspect' as const), trap: index(trapIds.length), day: index(DAYS.length), count: fc.nat(30), times: fc.integer({ min: 1, max: 2 }) }),
      fc.record({ kind: fc.constant('edit-inspections' as const), ...fraction, day: index(DAYS.length), count: fc.nat(30), trap: index(trapIds.length) }),
      fc.record({ kind: fc.constant('delete-inspections' as const), ...fraction }),
      fc.record({ kind: fc.constant('retrap' as const), ...fraction, setup: index(TRAP_SETUPS.length), block: index(blocks.length) }),
      fc.record({ kind: fc.constant('truncate' as const), table: fc.constantFrom('scouting_observations' as const, 'scouting_sessions' as const, 'trap_inspections' as const) }),
    );
    const A = w.a.organizationId;
    const apply = async (db: AppDb, o: Op) => {
      switch (o.kind) {
        case 'session': {
          const startedAt = new Date(`${DAYS[o.day]}T${TIMES[o.time]}:00+02:00`);
          const [row] = await db
            .insert(scoutingSessions)
            .values({ organizationId: A, farmBlockId: blocks[o.block]!, scoutUserId: w.a.userId, startedAt, endedAt: new Date(startedAt.getTime() + 600_000) })
            .returning({ id: scoutingSessions.id });
          const values = Array.from({ length: o.points }, (_, p) =>
            PESTS.slice(0, o.pests).map((pest, k) => {
              const v = (o.seed + p * 7 + k * 3) % 5;
              return k === 1 ? { sessionId: row!.id, pointNumber: p + 1, pest, count: null, present: v > 2 } : { sessionId: row!.id, pointNumber: p + 1, pest, count: v % 3, present: null };
            }),
          ).flat();
          if (values.length > 0) await db.insert(scoutingObservations).values(values);
          return;
        }
        case 'observe':
          await db.execute(sql`insert into scouting_observations (session_id, point_number, pest, count, present)
            select id, ${o.point}, ${PESTS[o.pest]}, ${o.count}::int, case when ${o.count}::int is null then true end
            from scouting_sessions where id % ${o.mod} = ${o.rem % o.mod} on conflict do nothing`);
          return;
        case 'edit-observations':
          await db.execute(sql`update scouting_observations
            set count = case when count is not null then (count + 1) % 3 end, present = case when present is not null then not present end
            where id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        case 'delete-observations':
          await db.execute(sql`delete from scouting_observations where id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        case 'move-sessions':
          await db.execute(sql`update scouting_sessions
            set farm_block_id = ${blocks[o.block]!}, started_at = ${new Date(`${DAYS[o.day]}T${TIMES[o.time]}:00+02:00`)}, ended_at = ${new Date(`${DAYS[o.day]}T${TIMES[o.time]}:00+02:00`)}
            where organization_id = ${A} and id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        case 'delete-sessions':
          await db.execute(sql`delete from scouting_sessions where id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        case 'inspect':
          await db.execute(sql`insert into trap_inspections (organization_id, client_id, trap_id, inspected_on, count)
            select ${A}, gen_random_uuid(), ${trapIds[o.trap]!}, ${DAYS[o.day]}::date, ${o.count} + g from generate_series(1, ${o.times}) g`);
          return;
        case 'edit-inspections':
          await db.execute(sql`update trap_inspections
            set inspected_on = case when id % 2 = 0 then ${DAYS[o.day]}::date else inspected_on end, count = ${o.count},
              trap_id = case when id % 3 = 0 then ${trapIds[o.trap]!} else trap_id end
            where id % ${o.mod} = ${o.rem % o.mod} and organization_id = ${A}`);
          return;
        case 'delete-inspections':
          await db.execute(sql`delete from trap_inspections where id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        case 'retrap': {
          const [trapType, lure] = TRAP_SETUPS[o.setup]!;
          await db.execute(sql`update traps set trap_type = ${trapType}, lure = ${lure}, farm_block_id = ${blocks[o.block]!}
            where organization_id = ${A} and id % ${o.mod} = ${o.rem % o.mod}`);
          return;
        }
        case 'truncate':
          await db.execute(sql.raw(`truncate ${o.table} cascade`));
          return;
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        await inRolledBackTransaction(t.db, async (tx) => {
          for (const o of ops) await apply(tx, o);
          await expectTotalsEqualRecount(tx);
          await expectDashboardEqualsRows(tx, viewer, ['2025-06-30', '2025-06-24']);
        });
      }),
      { numRuns: 25 },
    );
    await expectTotalsEqualRecount(t.db);
  }, 240_000);

  it('follow a farm block and an organisation when they are deleted', async () => {
    await inRolledBackTransaction(t.db, async (tx) => {
      await tx.execute(sql`delete from trap_inspections where trap_id in (select id from traps where farm_block_id = ${w.block.a1})`);
      await tx.execute(sql`delete from farm_blocks where id = ${w.block.a1}`);
      await expectTotalsEqualRecount(tx);
      await tx.execute(sql`delete from organizations where id = ${w.b.organizationId}`);
      await expectTotalsEqualRecount(tx);
      const [left] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from scouting_day_totals where organization_id = ${w.b.organizationId} or farm_block_id = ${w.block.a1}`);
      expect(left!.n).toBe(0);
    });
  });

  it('hold the demo season, written in replica mode, and the dashboard equals the per-row rules', async () => {
    await t.close();
    t = await createTestApp();
    await seedDemoData(t.handle, { referenceDate: PEST_TODAY });
    await expectTotalsEqualRecount(t.db);
    const [stored] = await rowsOf<{ n: number }>(t.db, sql`select (select count(*) from scouting_pest_day_totals) + (select count(*) from trap_day_totals) as n`);
    expect(Number(stored!.n)).toBeGreaterThan(20);
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
    for (const org of await t.db.select({ id: organizations.id }).from(organizations)) {
      await expectDashboardEqualsRows(t.db, { userId: admin!.id, organizationId: org.id }, ['2025-06-30', '2025-06-22']);
    }
  }, 180_000);
});
