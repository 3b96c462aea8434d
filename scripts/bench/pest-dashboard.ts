/**
 * The pest dashboard bench: scouting added to the --scale demo data, and the dashboard's figures
 * computed by SQL alone, to time beside the server's answer.
 *
 * The seed already hangs traps on every block at the data set's scale (traps per block times
 * `scale`, inspected every three or four days over four weeks) but keeps its scouting small (one
 * scout on a few blocks). addPestBenchScouting gives every block of the demo grower a session on
 * `sessionsPerBlock` of the days before the reference day, each with observation points on a few
 * pests, generated inside the database.
 *
 * pestDashboardSql is the statements the service makes for the same caller, day and farms (all the
 * caller may see): the thresholds, then at once the blocks with their last session, the infection
 * counts and the trap counts of the window (from the per-day totals of migration 0026) and the
 * newest inspections that could be over a threshold, then the window's inspections of the traps
 * over theirs. comparePestFigures checks that the figures the shared rules work out from them equal
 * the server's answer.
 *
 * pestFiguresOfRows answers what the dashboard shows from the rows themselves, each figure worked
 * out by the database over the window's observations and inspections (the dashboard's statements
 * before the totals): the infection share per block and pest with its status, the trap count series
 * per trap type, pest and day, the traps over their threshold now (latest count, since when), and
 * each block's days since it was last scouted. compareRowFigures checks that it agrees with the
 * answer.
 */
import { BUSINESS_TIME_ZONE, addDays, dayBounds } from '@orchard/shared/core';
import { TRAP_LURES } from '@orchard/shared/field-capture';
import {
  infectionFigures,
  pestDashboardWindow,
  scoutingFrequencyFigures,
  trapFigures,
  trapThresholdKey,
  trapsOverNow,
  type PestDashboardResponse,
} from '@orchard/shared/pest-dashboard';
import { DEFAULT_PEST_DASHBOARD_THRESHOLDS } from '@orchard/shared/pest-thresholds';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type AppDb } from '../../apps/server/src/db/client';
import {
  findBlocksWithLastSession,
  findInfectionCounts,
  findInspectionsOfTraps,
  findLatestInspections,
  findTrapCounts,
} from '../../apps/server/src/modules/pest-dashboard/pest-dashboard.repository';
import { lowestCountOver } from '../../apps/server/src/modules/pest-dashboard/pest-dashboard.service';
import { loadThresholds } from '../../apps/server/src/modules/pest-thresholds/pest-thresholds.service';

export interface PestBenchScouting {
  sessions: number;
  observations: number;
}

/** The pests every bench session records at each of its points: three counted, one present or not. */
const BENCH_PESTS = [
  { pest: 'red-scale', counted: true },
  { pest: 'citrus-thrips', counted: true },
  { pest: 'mealybug', counted: true },
  { pest: 'citrus-psylla', counted: false },
] as const;

/**
 * Sessions on every block of the organisation, `sessionsPerBlock` of the 21 days before `today`
 * (one a day, the newest yesterday), 07:00 to 07:40 South African time, by `scoutUserId`, each with
 * `points` observation points recording BENCH_PESTS; counts and presence from a multiplicative hash
 * of the session and point, so every run writes the same figures.
 */
export async function addPestBenchScouting(
  db: AppDb,
  options: { organizationId: number; scoutUserId: number; today: string; sessionsPerBlock: number; points: number },
): Promise<PestBenchScouting> {
  const days = Math.min(21, options.sessionsPerBlock);
  const firstDay = addDays(options.today, -days);
  const sessions = await rowsOf<{ n: number }>(
    db,
    sql`with inserted as (
      insert into scouting_sessions (organization_id, farm_block_id, scout_user_id, started_at, ended_at)
      select ${options.organizationId}, b.id, ${options.scoutUserId},
        (${firstDay}::date + d) + time '07:00' at time zone ${BUSINESS_TIME_ZONE},
        (${firstDay}::date + d) + time '07:40' at time zone ${BUSINESS_TIME_ZONE}
      from farm_blocks b cross join generate_series(0, ${days - 1}) d
      where b.organization_id = ${options.organizationId}
      returning id)
    select count(*)::int as n from inserted`,
  );
  const pests = JSON.stringify(BENCH_PESTS.map((p, k) => ({ pest: p.pest, counted: p.counted, k })));
  const observations = await rowsOf<{ n: number }>(
    db,
    sql`with inserted as (
      insert into scouting_observations (session_id, point_number, pest, count, present)
      select s.id, g.point, p.pest,
        case when p.counted then case when h.v % 9 = 0 then 1 + h.v % 7 else 0 end end,
        case when not p.counted then h.v % 13 = 0 end
      from scouting_sessions s
      cross join generate_series(1, ${options.points}) g(point)
      cross join json_to_recordset(${pests}::json) as p(pest text, counted boolean, k int)
      cross join lateral (select ((s.id::bigint * 2654435761 + g.point * 40503 + p.k * 97) % 1000003) as v) h
      where s.organization_id = ${options.organizationId}
        and s.scout_user_id = ${options.scoutUserId}
        and s.started_at >= ${dayBounds(firstDay).from}
        and not exists (select 1 from scouting_observations o where o.session_id = s.id)
      returning 1)
    select count(*)::int as n from inserted`,
  );
  await db.execute(sql`analyze scouting_sessions, scouting_observations`);
  return { sessions: sessions[0]?.n ?? 0, observations: observations[0]?.n ?? 0 };
}

export interface PestSqlScope {
  userId: number;
  organizationId: number;
  /** the chosen day, yyyy-MM-dd */
  date: string;
}

export interface PestRowFigures {
  infection: { blockId: number; pest: string; inspected: number; infested: number; sharePercent: number; status: string | null }[];
  series: { trapType: string; pest: string; day: string; inspections: number; total: number; max: number; mean: number; status: string | null }[];
  trapsOver: { trapId: number; lastCount: number; lastInspectedOn: string; overSince: string; daysOver: number }[];
  frequency: { blockId: number; lastScoutedOn: string | null; daysSince: number | null }[];
}

const DEFAULT_PESTS = JSON.stringify(DEFAULT_PEST_DASHBOARD_THRESHOLDS.pests.map((p) => ({ pest: p.pest, threshold: p.thresholdPercent })));
const DEFAULT_TRAPS = JSON.stringify(DEFAULT_PEST_DASHBOARD_THRESHOLDS.traps.map((t) => ({ trap_type: t.trapType, pest: t.pest, threshold: t.thresholdCount })));
const LURE_PESTS = JSON.stringify(TRAP_LURES.map((l) => ({ lure: l.key, pest: l.pest })));

/** The blocks of the organisation's farms assigned to the caller. */
const scopedBlocks = (s: PestSqlScope) => sql`select b.id as block_id from farm_blocks b join farms f on f.id = b.farm_id
  where b.organization_id = ${s.organizationId} and f.organization_id = ${s.organizationId}
    and f.id in (select uf.farm_id from user_farms uf where uf.user_id = ${s.userId} and uf.organization_id = ${s.organizationId})`;

/** The organisation's saved thresholds, or the defaults while it never saved any. */
const pestThresholds = (s: PestSqlScope) => sql`select pest, threshold_percent as threshold from pest_action_thresholds where organization_id = ${s.organizationId}
  union all select pest, threshold from json_to_recordset(${DEFAULT_PESTS}::json) as d(pest text, threshold float8)
  where not exists (select 1 from pest_dashboard_settings where organization_id = ${s.organizationId})`;
const trapThresholds = (s: PestSqlScope) => sql`select trap_type, pest, threshold_count as threshold from trap_count_thresholds where organization_id = ${s.organizationId}
  union all select trap_type, pest, threshold from json_to_recordset(${DEFAULT_TRAPS}::json) as d(trap_type text, pest text, threshold float8)
  where not exists (select 1 from pest_dashboard_settings where organization_id = ${s.organizationId})`;
const lurePests = sql`select lure, pest from json_to_recordset(${LURE_PESTS}::json) as l(lure text, pest text)`;

/**
 * The figure numerator / denominator against a threshold as the shared rule compares it (exactly,
 * in whole tenths of the threshold): over from the threshold, near from 4/5 of it
 * (NEAR_THRESHOLD_RATIO), below under that; null without a threshold.
 */
const status = (numerator: SQL, denominator: SQL, threshold: SQL) => {
  const tenths = sql`round(${threshold} * 10)`;
  return sql`case when ${threshold} is null then null
    when ${numerator} * 10 >= ${tenths} * ${denominator} then 'over'
    when ${numerator} * 50 >= ${tenths} * ${denominator} * 4 then 'near' else 'below' end`;
};

export async function pestFiguresOfRows(db: AppDb, s: PestSqlScope): Promise<PestRowFigures> {
  const window = pestDashboardWindow(s.date);
  const from = dayBounds(window.from).from;
  const to = dayBounds(window.to).to;
  const [infection, series, trapsOver, frequency] = await Promise.all([
    rowsOf<PestRowFigures['infection'][number]>(
      db,
      sql`with blocks as (${scopedBlocks(s)}),
      thresholds as (${pestThresholds(s)}),
      points as (
        select s.farm_block_id as block_id, o.session_id, o.point_number, o.pest, coalesce(o.count > 0, o.present, false) as infested
        from scouting_observations o
        join scouting_sessions s on s.id = o.session_id
        join blocks on blocks.block_id = s.farm_block_id
        where s.organization_id = ${s.organizationId} and s.started_at >= ${from} and s.started_at < ${to}),
      inspected as (select block_id, count(*)::int as n from (select distinct block_id, session_id, point_number from points) p group by block_id),
      per_pest as (
        select block_id, pest, count(distinct (session_id, point_number)) filter (where infested)::int as infested
        from points group by block_id, pest)
      select p.block_id as "blockId", p.pest, i.n as inspected, p.infested, 100.0 * p.infested / i.n as "sharePercent",
        ${status(sql`p.infested * 100`, sql`i.n`, sql`t.threshold`)} as status
      from per_pest p join inspected i using (block_id) left join thresholds t on t.pest = p.pest`,
    ),
    rowsOf<PestRowFigures['series'][number]>(
      db,
      sql`with blocks as (${scopedBlocks(s)}), thresholds as (${trapThresholds(s)}), lures as (${lurePests})
      select t.trap_type as "trapType", l.pest, i.inspected_on::text as day, count(*)::int as inspections, sum(i.count)::int as total,
        max(i.count) as max, avg(i.count)::float8 as mean, ${status(sql`sum(i.count)`, sql`count(*)`, sql`max(th.threshold)`)} as status
      from trap_inspections i
      join traps t on t.id = i.trap_id
      join blocks on blocks.block_id = t.farm_block_id
      join lures l on l.lure = t.lure
      left join thresholds th on th.trap_type = t.trap_type and th.pest = l.pest
      where i.organization_id = ${s.organizationId} and t.organization_id = ${s.organizationId}
        and i.inspected_on between ${window.from} and ${window.to}
      group by t.trap_type, l.pest, i.inspected_on`,
    ),
    rowsOf<PestRowFigures['trapsOver'][number]>(
      db,
      sql`with blocks as (${scopedBlocks(s)}), thresholds as (${trapThresholds(s)}), lures as (${lurePests}),
      inspections as (
        select i.trap_id, i.inspected_on, i.count, i.count * 10 >= round(th.threshold * 10) as over,
          row_number() over (partition by i.trap_id order by i.inspected_on desc, i.id desc) as newest
        from trap_inspections i
        join traps t on t.id = i.trap_id
        join blocks on blocks.block_id = t.farm_block_id
        join lures l on l.lure = t.lure
        join thresholds th on th.trap_type = t.trap_type and th.pest = l.pest
        where i.organization_id = ${s.organizationId} and t.organization_id = ${s.organizationId}
          and i.inspected_on between ${window.from} and ${window.to}
          and t.active_from <= ${s.date} and (t.active_to is null or t.active_to >= ${s.date})),
      runs as (select *, min(newest) filter (where not over) over (partition by trap_id) as first_below from inspections)
      select trap_id as "trapId", max(count) filter (where newest = 1) as "lastCount", max(inspected_on)::text as "lastInspectedOn",
        min(inspected_on) filter (where newest < coalesce(first_below, newest + 1))::text as "overSince",
        (${s.date}::date - min(inspected_on) filter (where newest < coalesce(first_below, newest + 1)) + 1)::int as "daysOver"
      from runs group by trap_id having bool_or(newest = 1 and over)`,
    ),
    rowsOf<PestRowFigures['frequency'][number]>(
      db,
      sql`with blocks as (${scopedBlocks(s)})
      select blocks.block_id as "blockId", last.day as "lastScoutedOn", (${s.date}::date - last.day::date)::int as "daysSince"
      from blocks left join lateral (
        select to_char(ss.started_at at time zone ${BUSINESS_TIME_ZONE}, 'YYYY-MM-DD') as day from scouting_sessions ss
        where ss.farm_block_id = blocks.block_id and ss.organization_id = ${s.organizationId} and ss.started_at < ${to}
        order by ss.started_at desc, ss.id desc limit 1) last on true`,
    ),
  ]);
  return { infection, series, trapsOver, frequency };
}

/**
 * The statements the service makes for the dashboard of `s` (every farm the caller may see), in
 * the same order and grouping: the thresholds; the blocks, infection counts, trap counts and the
 * newest inspections that could be over a threshold at once; the window's inspections of the traps
 * over theirs.
 */
export async function pestDashboardSql(db: AppDb, s: PestSqlScope) {
  const scope = { userId: s.userId, organizationId: s.organizationId, farmIds: null };
  const window = pestDashboardWindow(s.date);
  const from = dayBounds(window.from).from;
  const to = dayBounds(window.to).to;
  const thresholds = await loadThresholds(db, s.organizationId);
  const trapThresholds = new Map(thresholds.traps.map((t) => [trapThresholdKey(t.trapType, t.pest), t.thresholdCount]));
  const minCount = lowestCountOver(trapThresholds.values());
  const [blocks, infection, trapCounts, latest] = await Promise.all([
    findBlocksWithLastSession(db, scope, to),
    findInfectionCounts(db, scope, from, to),
    findTrapCounts(db, scope, window.from, window.to),
    minCount === null ? Promise.resolve([]) : findLatestInspections(db, scope, window.from, window.to, minCount),
  ]);
  const over = trapsOverNow(blocks, latest, trapThresholds, s.date);
  const runs = await findInspectionsOfTraps(db, s.organizationId, over.map((t) => t.trapId), window.from, window.to);
  return { date: s.date, thresholds, blocks, infection, trapCounts, latest, runs };
}

/** Throws unless the figures the shared rules work out from the SQL alone equal the server's answer. */
export function comparePestFigures(answer: PestDashboardResponse, alone: Awaited<ReturnType<typeof pestDashboardSql>>): void {
  const { date, thresholds, blocks } = alone;
  const pestThresholds = new Map(thresholds.pests.map((p) => [p.pest as string, p.thresholdPercent]));
  const trapThresholds = new Map(thresholds.traps.map((t) => [trapThresholdKey(t.trapType, t.pest), t.thresholdCount]));
  const traps = trapFigures(blocks, alone.trapCounts, alone.latest, alone.runs, trapThresholds, date);
  const figures = {
    infection: infectionFigures(blocks, alone.infection, pestThresholds),
    trapCounts: { series: traps.series },
    trapsOverThreshold: { rows: traps.overThreshold },
    scoutingFrequency: scoutingFrequencyFigures(blocks, thresholds.scoutingFrequencyDays, date),
  };
  for (const key of Object.keys(figures) as (keyof typeof figures)[]) {
    if (JSON.stringify(answer[key]) !== JSON.stringify(figures[key])) throw new Error(`pest dashboard: the server and the SQL alone disagree on ${key}`);
  }
}

/** Throws unless the server's answer and the figures worked out over the rows show the same figures. */
export function compareRowFigures(answer: PestDashboardResponse, figures: PestRowFigures): void {
  const same = (what: string, a: Map<string, string>, b: Map<string, string>) => {
    const differ = [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k));
    if (differ.length > 0) throw new Error(`pest dashboard: the server and the SQL alone disagree on ${what} (${differ.length}, e.g. ${differ[0]}: ${a.get(differ[0]!)} / ${b.get(differ[0]!)})`);
  };
  same(
    'infection',
    new Map(answer.infection.rows.map((r) => [`${r.blockId}:${r.pest}`, `${r.pointsInfested}/${r.pointsInspected} ${r.status}`])),
    new Map(figures.infection.map((r) => [`${r.blockId}:${r.pest}`, `${r.infested}/${r.inspected} ${r.status}`])),
  );
  same(
    'trap counts',
    new Map(
      answer.trapCounts.series.flatMap((x) =>
        x.days.filter((d) => d.inspections > 0).map((d) => [`${x.trapType}:${x.pest}:${d.day}`, `${d.inspections} ${d.totalCount} ${d.maxCount} ${d.status}`] as const),
      ),
    ),
    new Map(figures.series.map((r) => [`${r.trapType}:${r.pest}:${r.day}`, `${r.inspections} ${r.total} ${r.max} ${r.status}`])),
  );
  same(
    'traps over threshold',
    new Map(answer.trapsOverThreshold.rows.map((r) => [String(r.trapId), `${r.lastCount} ${r.lastInspectedOn} ${r.overSince} ${r.daysOver}`])),
    new Map(figures.trapsOver.map((r) => [String(r.trapId), `${r.lastCount} ${r.lastInspectedOn} ${r.overSince} ${r.daysOver}`])),
  );
  same(
    'days since last scouted',
    new Map(answer.scoutingFrequency.blocks.map((r) => [String(r.blockId), String(r.daysSince)])),
    new Map(figures.frequency.map((r) => [String(r.blockId), String(r.daysSince === null ? null : Math.max(0, r.daysSince))])),
  );
}
