/**
 * Pest readings demo data, so the pest dashboard has something in every panel on the demo world's
 * "today":
 *
 * - Observation points on the demo scouting sessions (parts/scouting.ts): each session records
 *   DEMO_PESTS_PER_SESSION pests of DEMO_SCOUTED_PESTS at every one of its points (a clean point
 *   with a 0 count or as absent, as the catalogue measures the pest). Counting the sessions from
 *   the newest (0), sessions 0, 5, 10, ... (DEMO_PROFILE_CYCLE) have one pest over its default
 *   action threshold and sessions 2, 7, 12, ... one near it; every other figure stays below. The
 *   scouts walk a block at most once in three weeks, so a session's figures are its block's, and
 *   the dashboard of the reference day (its window holds at least the newest three sessions)
 *   shows all three colours.
 * - Traps on every block of the demo farms (a few per block, times `scale`), hanging since the
 *   season opened, each inspected every three or four days over the DEMO_TRAP_DAYS days before the
 *   reference date. Counts stay well under the default trap thresholds except on `scale` traps per
 *   farm, whose latest one to three inspections (the newest at most three days old) reach them.
 *
 * Nothing is recorded on DEMO_STALE_FARM (parts/field-capture.ts) for the last DEMO_STALE_DAYS days:
 * its traps were last emptied before then and its sessions of those days have no observation points.
 * Every draw comes from the part's own generator, so reruns write the same rows and client ids.
 */
import { addDays, dayOf, instantOn } from '@orchard/shared/core';
import {
  SCOUTING_POINT_MAX,
  scoutingPestOf,
  type ScoutingPestKey,
  type TrapLureKey,
  type TrapTypeKey,
} from '@orchard/shared/field-capture';
import { thresholdStatus, trapPestOf, type ThresholdStatus } from '@orchard/shared/pest-dashboard';
import { DEFAULT_PEST_THRESHOLDS, DEFAULT_TRAP_THRESHOLDS } from '@orchard/shared/pest-thresholds';
import { asc, desc, eq, getTableColumns, getTableName, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../../client';
import { farmBlocks, farms, scoutingObservations, scoutingSessions, trapInspections, traps } from '../../schema/index';
import type { SeedContext, SeedPart } from '../context';
import { DEMO_FARMS, type DemoFarm } from '../data';
import { DEMO_USERS } from '../demo-users';
import type { Prng } from '../prng';
import { harvestSeedIds } from './harvest';
import { DEMO_STALE_DAYS, DEMO_STALE_FARM } from './field-capture';
import { mustGet } from './places';
import { DEMO_SCOUTING_DAYS } from './scouting';

/** Observation points per session at scale 1 (times `scale`, within the farm's maximum). */
export const DEMO_POINTS_PER_SESSION = 10;
export const DEMO_PESTS_PER_SESSION = 4;
/** What the demo scouts look for; citrus black spot is a disease without a default threshold. */
export const DEMO_SCOUTED_PESTS: readonly ScoutingPestKey[] = [
  'red-scale',
  'mealybug',
  'false-codling-moth',
  'citrus-thrips',
  'citrus-red-mite',
  'aphids',
  'citrus-psylla',
  'citrus-leafminer',
  'citrus-black-spot',
];
/** Session 0, DEMO_PROFILE_CYCLE, ... (newest first) have a pest over; 2, 2 + cycle, ... one near. */
export const DEMO_PROFILE_CYCLE = 5;

/** Inspections cover this many days before the reference date. */
export const DEMO_TRAP_DAYS = 28;
/** Traps per block at scale 1 (times `scale`). */
export const DEMO_TRAPS_PER_BLOCK: readonly [number, number] = [2, 3];
/** The trap types and lures hung in the demo orchards; the first hangs in every block. */
export const DEMO_TRAP_SETUPS: readonly { trapType: TrapTypeKey; lure: TrapLureKey }[] = [
  { trapType: 'delta', lure: 'fcm-pheromone' },
  { trapType: 'bucket', lure: 'capilure' },
  { trapType: 'mcphail', lure: 'questlure' },
  { trapType: 'sticky-card', lure: 'none' },
  { trapType: 'delta', lure: 'red-scale-pheromone' },
  { trapType: 'bucket', lure: 'bollworm-pheromone' },
];
/** Traps hang within about 1 km of the farm's coordinates. */
const TRAP_SPREAD_DEGREES = 0.009;

const pestThreshold = new Map<string, number>(DEFAULT_PEST_THRESHOLDS.map((t) => [t.pest, t.thresholdPercent]));
const trapThreshold = (trapType: string, lure: string): number => {
  const pest = trapPestOf(lure);
  const found = DEFAULT_TRAP_THRESHOLDS.find((t) => t.trapType === trapType && t.pest === pest);
  if (!found) throw new Error(`No default trap threshold for ${trapType} with ${lure}`);
  return found.thresholdCount;
};

/** A version-4 shaped UUID drawn from the generator, so reruns write the same client ids. */
function drawUuid(rng: Prng): string {
  const bytes = Array.from({ length: 16 }, () => rng.int(0, 255));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)].join('-');
}

/** The items in an order drawn from the generator (Fisher-Yates). */
function shuffled<T>(rng: Prng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * How many of `points` points to infest so the share has `status` against `threshold` (the shared
 * rule decides), or null when no count gives it. `below` takes the largest such count.
 */
export function infestedPointsFor(status: ThresholdStatus, threshold: number, points: number): number | null {
  const fits = Array.from({ length: points + 1 }, (_, n) => n).filter((n) => thresholdStatus(n * 100, points, threshold) === status);
  if (fits.length === 0) return null;
  return status === 'below' ? fits[fits.length - 1]! : fits[0]!;
}

/** The enabled demo user who records on a farm: its scout when it has one, else its first member. */
function recorderOf(ctx: SeedContext, farm: DemoFarm): number | null {
  const members = DEMO_USERS.filter((u) => u.isEnabled && u.organizations.some((m) => m.organization === farm.organization && m.farms.includes(farm.name)));
  const scout = members.find((u) => u.organizations.some((m) => m.organization === farm.organization && m.roles.includes('Scout') && m.farms.includes(farm.name)));
  const user = scout ?? members[0];
  return user ? mustGet(ctx.ids.users, user.userName, 'user') : null;
}

async function addObservationPoints(ctx: SeedContext, rng: Prng) {
  const since = ctx.daysBefore(DEMO_SCOUTING_DAYS + 1);
  const staleSince = ctx.daysBefore(DEMO_STALE_DAYS);
  const sessions = await ctx.tx
    .select({ id: scoutingSessions.id, startedAt: scoutingSessions.startedAt, farmName: farms.farmName, maxPoints: farms.maxObservationPoints })
    .from(scoutingSessions)
    .innerJoin(farmBlocks, eq(farmBlocks.id, scoutingSessions.farmBlockId))
    .innerJoin(farms, eq(farms.id, farmBlocks.farmId))
    .where(gte(scoutingSessions.startedAt, since))
    .orderBy(desc(scoutingSessions.startedAt), desc(scoutingSessions.id));
  const thresholded = DEMO_SCOUTED_PESTS.filter((p) => pestThreshold.has(p));
  const rows: (typeof scoutingObservations.$inferInsert)[] = [];
  const recorded = sessions.filter((s) => !(s.farmName === DEMO_STALE_FARM && s.startedAt >= staleSince));
  recorded.forEach((session, newest) => {
    const points = Math.min(session.maxPoints > 0 ? session.maxPoints : SCOUTING_POINT_MAX, DEMO_POINTS_PER_SESSION * ctx.scale);
    // the pest this session puts over or near its threshold, if any
    let marked: { pest: ScoutingPestKey; status: ThresholdStatus } | null = null;
    if (newest % DEMO_PROFILE_CYCLE === 0) marked = { pest: rng.pick(thresholded), status: 'over' };
    if (newest % DEMO_PROFILE_CYCLE === 2) {
      const candidates = shuffled(rng, thresholded).filter((p) => infestedPointsFor('near', pestThreshold.get(p)!, points) !== null);
      if (candidates[0]) marked = { pest: candidates[0], status: 'near' };
    }
    const others = shuffled(rng, DEMO_SCOUTED_PESTS.filter((p) => p !== marked?.pest));
    const pests = marked ? [marked.pest, ...others.slice(0, DEMO_PESTS_PER_SESSION - 1)] : others.slice(0, DEMO_PESTS_PER_SESSION);
    for (const pest of pests) {
      const threshold = pestThreshold.get(pest);
      let infested: number;
      if (threshold === undefined) infested = rng.int(0, Math.ceil(points / 5));
      else if (marked?.pest === pest) infested = infestedPointsFor(marked.status, threshold, points)!;
      else infested = rng.chance(0.4) ? infestedPointsFor('below', threshold, points)! : 0;
      const infestedPoints = new Set(shuffled(rng, Array.from({ length: points }, (_, i) => i + 1)).slice(0, infested));
      const counted = scoutingPestOf(pest)!.measure === 'count';
      for (let pointNumber = 1; pointNumber <= points; pointNumber++) {
        const found = infestedPoints.has(pointNumber);
        rows.push({
          sessionId: session.id,
          pointNumber,
          pest,
          count: counted ? (found ? rng.int(1, 12) : 0) : null,
          present: counted ? null : found,
        });
      }
    }
  });
  await insertRecords(ctx, scoutingObservations, OBSERVATION_COLUMNS, rows);
}

interface TrapPlan {
  row: typeof traps.$inferInsert & { clientId: string };
  inspections: Omit<typeof trapInspections.$inferInsert, 'trapId'>[];
}

async function addTraps(ctx: SeedContext, rng: Prng, ids: Prng) {
  const today = dayOf(ctx.referenceDate);
  const firstInspection = addDays(today, -DEMO_TRAP_DAYS);
  const seasonOpens = `${harvestSeedIds(ctx).season}-03-01`;
  const activeFrom = seasonOpens < firstInspection ? seasonOpens : firstInspection;
  const placedAt = instantOn(activeFrom, '08:00');

  const farmIds = DEMO_FARMS.map((f) => mustGet(ctx.ids.farms, f.name, 'farm'));
  const places = new Map(
    (await ctx.tx.select({ id: farms.id, lat: farms.lat, lng: farms.lng }).from(farms).where(inArray(farms.id, farmIds))).map((f) => [f.id, f]),
  );
  const allBlocks = await ctx.tx
    .select({ id: farmBlocks.id, name: farmBlocks.name, farmId: farmBlocks.farmId, organizationId: farmBlocks.organizationId })
    .from(farmBlocks)
    .where(inArray(farmBlocks.farmId, farmIds))
    .orderBy(asc(farmBlocks.id));

  const plans: TrapPlan[] = [];
  for (const farm of DEMO_FARMS) {
    const organizationId = mustGet(ctx.ids.organizations, farm.organization, 'organisation');
    const farmId = mustGet(ctx.ids.farms, farm.name, 'farm');
    const place = places.get(farmId);
    if (place?.lat == null || place.lng == null) throw new Error(`Seed farm ${farm.name} has no coordinates`);
    const capturedByUserId = recorderOf(ctx, farm);
    const blocks = allBlocks.filter((b) => b.farmId === farmId && b.organizationId === organizationId);

    const onFarm: TrapPlan[] = [];
    for (const block of blocks) {
      const n = rng.int(...DEMO_TRAPS_PER_BLOCK) * ctx.scale;
      for (let k = 0; k < n; k++) {
        const setup = k === 0 ? DEMO_TRAP_SETUPS[0]! : rng.pick(DEMO_TRAP_SETUPS);
        const row = {
          organizationId,
          clientId: drawUuid(ids),
          capturedByUserId,
          createdAt: placedAt,
          farmBlockId: block.id,
          trapType: setup.trapType,
          lure: setup.lure,
          code: `${block.name}-${k + 1}`,
          lat: Number((place.lat + rng.float(-TRAP_SPREAD_DEGREES, TRAP_SPREAD_DEGREES)).toFixed(5)),
          lng: Number((place.lng + rng.float(-TRAP_SPREAD_DEGREES, TRAP_SPREAD_DEGREES)).toFixed(5)),
          activeFrom,
          activeTo: null,
        };
        onFarm.push({ row, inspections: [] });
      }
    }

    const stale = farm.name === DEMO_STALE_FARM;
    const hot = new Set(stale ? [] : shuffled(rng, onFarm).slice(0, ctx.scale));
    for (const plan of onFarm) {
      const threshold = trapThreshold(plan.row.trapType, plan.row.lure);
      // days before the reference date, newest first: the newest one to three days ago
      const days: number[] = [];
      for (let d = rng.int(1, 3); d <= DEMO_TRAP_DAYS; d += rng.int(3, 4)) days.push(d);
      const level = rng.float(0.05, 0.45);
      const overRun = hot.has(plan) ? rng.int(1, 3) : 0;
      days.forEach((d, newest) => {
        if (stale && d < DEMO_STALE_DAYS) return;
        const count = newest < overRun ? Math.ceil(threshold * rng.float(1.1, 2)) : Math.round(threshold * level * rng.float(0.5, 1.5));
        const inspectedOn = addDays(today, -d);
        plan.inspections.push({ organizationId, clientId: drawUuid(ids), capturedByUserId, createdAt: instantOn(inspectedOn, '09:00'), inspectedOn, count });
      });
    }
    plans.push(...onFarm);
  }

  const placed = await insertRecords<typeof traps, { id: number; client_id: string }>(ctx, traps, TRAP_COLUMNS, plans.map((p) => p.row), sql`returning id, client_id`);
  const trapIdOf = new Map(placed.map((t) => [t.client_id, t.id]));
  const inspections = plans.flatMap((p) => p.inspections.map((i) => ({ ...i, trapId: trapIdOf.get(p.row.clientId)! })));
  await insertRecords(ctx, trapInspections, INSPECTION_COLUMNS, inspections);
  if (inspections.length >= ANALYZE_FROM_INSPECTIONS) await ctx.tx.execute(sql`analyze traps, trap_inspections, scouting_observations`);
}

/** Fresh statistics from this many inspections on (PGlite has no autovacuum), so the dashboard's first reads plan well. */
const ANALYZE_FROM_INSPECTIONS = 50_000;
/** Rows per statement of insertRecords. */
const RECORDS_PER_STATEMENT = 10_000;

type ColumnTypes<T extends PgTable> = Partial<Record<keyof T['$inferInsert'] & string, string>>;

const TRAP_COLUMNS: ColumnTypes<typeof traps> = {
  organizationId: 'int',
  clientId: 'uuid',
  capturedByUserId: 'int',
  createdAt: 'timestamptz',
  farmBlockId: 'int',
  trapType: 'text',
  lure: 'text',
  code: 'text',
  lat: 'float8',
  lng: 'float8',
  activeFrom: 'date',
  activeTo: 'date',
};
const OBSERVATION_COLUMNS: ColumnTypes<typeof scoutingObservations> = {
  sessionId: 'int',
  pointNumber: 'smallint',
  pest: 'text',
  count: 'int',
  present: 'boolean',
};
const INSPECTION_COLUMNS: ColumnTypes<typeof trapInspections> = {
  organizationId: 'int',
  clientId: 'uuid',
  capturedByUserId: 'int',
  createdAt: 'timestamptz',
  trapId: 'int',
  inspectedOn: 'date',
  count: 'int',
};

/**
 * Inserts rows of `table` with the given columns (property: SQL type), each statement carrying its
 * rows as one JSON value (json_to_recordset): tens of thousands of rows at large scales go in far
 * quicker than as bound parameters. Answers what `returning` asks for, in no particular order.
 */
async function insertRecords<T extends PgTable, R = Record<string, unknown>>(
  ctx: SeedContext,
  table: T,
  columnTypes: ColumnTypes<T>,
  rows: readonly T['$inferInsert'][],
  returning: SQL = sql.empty(),
): Promise<R[]> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = Object.entries(columnTypes).map(([key, type]) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return { key, type: type as string, name: column.name };
  });
  const target = sql.join(names.map((c) => sql.identifier(c.name)), sql`, `);
  const shape = sql.join(names.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.type)}`), sql`, `);
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += RECORDS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + RECORDS_PER_STATEMENT).map((row) => {
      const record: Record<string, unknown> = {};
      for (const c of names) {
        const value = (row as Record<string, unknown>)[c.key];
        record[c.name] = value instanceof Date ? value.toISOString() : (value ?? null);
      }
      return record;
    });
    out.push(
      ...(await rowsOf<R>(ctx.tx, sql`insert into ${table} (${target}) select ${target} from json_to_recordset(${JSON.stringify(chunk)}::json) as r(${shape}) ${returning}`)),
    );
    const name = getTableName(table);
    ctx.counts[name] = (ctx.counts[name] ?? 0) + chunk.length;
  }
  return out;
}

export const pestReadingsPart: SeedPart = {
  name: 'pest-readings',
  async run(ctx) {
    const rng = ctx.rng.fork('pest-readings');
    await addObservationPoints(ctx, rng.fork('observations'));
    await addTraps(ctx, rng.fork('traps'), rng.fork('client-ids'));
  },
};

