/**
 * The `industry` section of npm run bench: the reports and schedule views timed while the database
 * holds a whole industry's season of bins (scripts/bench/industry-data.ts, 10,000,000 bins on
 * PostgreSQL). For each figure, the server's answer through app.inject beside "SQL alone": the
 * repository functions the service calls, called directly with the same scope, in turns.
 *
 *   - Harvest PUC report (every packhouse) as Citrus Valley Growers, and as Sundays River Packers
 *     (which sees every grower's bins at the packhouses it owns): findPucAggregates
 *   - Fruitbins Block Report of the grower's PUC with the most bins: findBlockReport
 *   - producer view, page of 100 of the grower's 1,000 rows: findScheduleRowKeys of every row, then
 *     findScheduleRows + findRowWeeks + findRowActuals of the page and sumRowWeeks of every row
 *     (scripts/bench/picking-data.ts)
 *   - packhouse view, page of 100, as Sundays River Packers (its own rows and other growers'): the same three
 *   - pest dashboard of the grower for today: pestDashboardSql, the service's statements (the figures
 *     worked out from them, and those worked out over the window's rows, checked equal to the answer)
 *
 * Budgets (docs/quality.md, Performance budgets): on PostgreSQL at ten million bins p95 <= 50 ms; everywhere <= 2x the SQL
 * alone (the ratio of the medians; the ratio of the p95s is shown beside it).
 */
import { HARVEST_PATHS, type PucReportPage } from '@orchard/shared/harvest';
import { PEST_DASHBOARD_PATHS, type PestDashboardResponse } from '@orchard/shared/pest-dashboard';
import { PICKING_PATHS, type PickingSchedulePage } from '@orchard/shared/picking';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { benchConfig } from './config';
import { rowsOf, type DbHandle } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { findBlockReport } from '../../apps/server/src/modules/harvest/block-report.repository';
import { findPucAggregates } from '../../apps/server/src/modules/harvest/puc-report.repository';
import { seasonOfDay } from '../../apps/server/src/modules/harvest/season';
import { windowFor, type ScheduleView } from '../../apps/server/src/modules/picking/picking-shared';
import { buildIndustryData, type IndustryData } from './industry-data';
import { comparePestFigures, compareRowFigures, pestDashboardSql, pestFiguresOfRows } from './pest-dashboard';
import { scheduleSqlAlone } from './picking-data';
import { count, fmtMs, fmtS, inTurns, medianP95, type BenchRow, type Spread } from './timing';

export interface IndustryBenchOptions {
  bins: number;
  growers: number;
  demoScale: number;
  referenceDate: Date;
  runs: number;
  warmup: number;
  /** bin statements at a time while generating */
  concurrency: number;
  /** said in every row's notes (e.g. why PGlite runs at fewer bins) */
  note?: string;
  /** the data set is kept in the database (BENCH_INDUSTRY_DATABASE): read it back when it is there, built and recorded when not */
  keep?: boolean;
  log?: (line: string) => void;
}

/** docs/quality.md, Performance budgets: at ten million bins on PostgreSQL. */
const P95_BUDGET_MS = 50;
const SQL_RATIO_BUDGET = 2;

interface Measure {
  label: string;
  /** what this scope reads, for the notes */
  scope: string;
  server: () => Promise<unknown>;
  sql: () => Promise<unknown>;
}

export async function industryBeside(kind: 'PGlite' | 'PostgreSQL', handle: DbHandle, options: IndustryBenchOptions, push: (row: BenchRow) => void): Promise<void> {
  const log = options.log ?? (() => {});
  try {
    await migrateDatabase(handle);
    const kept = options.keep ? await keptIndustryData(handle) : null;
    if (kept) log(`industry data: kept from an earlier run (${count(kept.counts.bins)} bins), migrated to this build`);
    const data =
      kept ??
      (await buildIndustryData(handle, {
        bins: options.bins,
        growers: options.growers,
        demoScale: options.demoScale,
        referenceDate: options.referenceDate,
        concurrency: options.concurrency,
        log,
      }));
    if (options.keep && !kept) await keepIndustryData(handle, data);
    const c = data.counts;
    const weekTotals =
      data.weekTotalsMatch === null ? 'no per-week bin totals table yet (migration 0025 absent): the reports count fruit_bins' : 'per-week bin totals (migration 0025) checked equal to fruit_bins';
    const world =
      `${kind}; ${count(c.bins)} bins this season in the database: the demo data at scale ${options.demoScale} (${count(c.demoBins)} bins) and ${count(options.growers)} synthetic growers; ` +
      `${count(c.organizations)} organisations, ${count(c.farms)} farms, ${count(c.pucs)} PUCs, ${count(c.productionBlocks)} production blocks, ${count(c.pickingRows)} picking rows with ${count(c.pickingWeeks)} weeks, ` +
      `${count(c.traps)} traps with ${count(c.inspections)} inspections; ${weekTotals}${options.note ? `; ${options.note}` : ''}`;
    const short = `${count(c.bins)} bins this season in the database (the industry data set above)${options.note ? `; ${options.note}` : ''}`;
    const rate = data.ms.bins > 0 ? ` (${count(Math.round((c.bins - c.demoBins) / (data.ms.bins / 1000)))} bins/s)` : '';
    push([
      `Industry data set generated (scripts/bench/industry-data.ts): ${count(c.bins)} bins this season`,
      fmtS(data.ms.total),
      `demo seed at scale ${options.demoScale} ${fmtS(data.ms.demo)}; organisations, farms, PUCs, blocks, estimates ${fmtS(data.ms.world)}; ` +
        `${count(c.bins - c.demoBins)} bins ${fmtS(data.ms.bins)}${rate}, ${options.concurrency} statement(s) at a time; secondary indexes rebuilt ${fmtS(data.ms.indexes)}; ` +
        `picking rows ${fmtS(data.ms.picking)}; pest readings ${fmtS(data.ms.pest)}; ${kind === 'PostgreSQL' ? 'VACUUM ANALYZE' : 'ANALYZE'} ${fmtS(data.ms.analyze)}`,
      world,
    ]);

    const { measures, close } = await industryMeasures(handle, data, options);
    try {
      for (const m of measures) {
        log(`industry: timing ${m.label}`);
        const t = await inTurns({ server: m.server, sql: m.sql }, options.runs, options.warmup);
        push([`${m.label}, server answer`, medianP95(t.server), verdict(kind, t.server, t.sql), `${kind}; ${m.scope}; ${t.server.runs} sequential runs of each after ${options.warmup} warm-up, server and SQL in turn; ${short}`]);
      }
    } finally {
      await close();
    }
  } finally {
    await handle.close();
  }
}

/*
 * A kept data set (BENCH_INDUSTRY_DATABASE): what buildIndustryData answered is written beside the
 * data, in a table of the bench's own, so a later run measures the same world without writing it
 * again. Its "generated" row then repeats the first run's times.
 */
async function keptIndustryData(handle: DbHandle): Promise<IndustryData | null> {
  const [table] = await rowsOf<{ name: string | null }>(handle.db, sql`select to_regclass('bench_industry_data')::text as name`);
  if (!table?.name) return null;
  const [row] = await rowsOf<{ data: IndustryData }>(handle.db, sql`select data from bench_industry_data limit 1`);
  return row?.data ?? null;
}

async function keepIndustryData(handle: DbHandle, data: IndustryData): Promise<void> {
  await handle.db.execute(sql`create table bench_industry_data (data jsonb not null)`);
  await handle.db.execute(sql`insert into bench_industry_data (data) values (${JSON.stringify(data)}::jsonb)`);
}

function verdict(kind: 'PGlite' | 'PostgreSQL', server: Spread, raw: Spread): string {
  const ratio = server.median / raw.median;
  const ratioP95 = server.p95 / raw.p95;
  const parts = [
    `SQL alone ${medianP95(raw)}; server ${ratio.toFixed(2)}x at the median, ${ratioP95.toFixed(2)}x at p95`,
    `budget <= ${SQL_RATIO_BUDGET}x: ${ratio <= SQL_RATIO_BUDGET ? 'met' : `MISSED (${ratio.toFixed(2)}x)`}`,
  ];
  if (kind === 'PostgreSQL') parts.push(`budget p95 <= ${P95_BUDGET_MS} ms: ${server.p95 <= P95_BUDGET_MS ? 'met' : `MISSED (${fmtMs(server.p95)})`}`);
  else parts.push(`(the ${P95_BUDGET_MS} ms budget is PostgreSQL's)`);
  return parts.join('; ');
}

async function industryMeasures(handle: DbHandle, data: IndustryData, options: IndustryBenchOptions): Promise<{ measures: Measure[]; close: () => Promise<void> }> {
  const { db } = handle;
  const now = options.referenceDate;
  const app = await buildApp({ db: handle, config: benchConfig({ logLevel: 'warn' }), clock: { now: () => now } });
  let token = '';
  const signIn = async () => {
    const res = await app.inject({ method: 'POST', url: '/connect/token', payload: { grant_type: 'password', username: 'admin', password: 'Admin@2025' } });
    if (res.statusCode !== 200) throw new Error(`sign-in: ${res.statusCode} ${res.body}`);
    token = res.json().access_token as string;
  };
  await signIn();
  const get = async (url: string, organizationId: number) => {
    const ask = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'x-organization-id': String(organizationId) } });
    let res = await ask();
    // a long run outlives the access token: sign in again and ask once more (that run includes the sign-in)
    if (res.statusCode === 401) {
      await signIn();
      res = await ask();
    }
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res;
  };
  const grower = { userId: data.adminUserId, organizationId: data.growerOrganizationId };
  const packer = { userId: data.adminUserId, organizationId: data.packhouseOrganizationId };
  const measures: Measure[] = [];

  // ---- Harvest PUC report, as the grower and as the packhouse organisation
  for (const [who, viewer, expected] of [
    ['Citrus Valley Growers', grower, data.counts.growerBins],
    ['Sundays River Packers, every grower at its packhouses', packer, data.counts.packhouseOrganizationBins],
  ] as const) {
    const report = (await get(HARVEST_PATHS.pucReport, viewer.organizationId)).json() as PucReportPage;
    const bins = report.rows.reduce((sum, r) => sum + r.not_Tipped + r.tipped, 0);
    if (report.season !== data.season || bins !== expected) throw new Error(`PUC report as ${who}: ${bins} bins of season ${report.season}, expected ${expected} of ${data.season}`);
    const scope = { ...viewer, season: report.season, packhouseId: null, ownsPackhouse: false, varietyId: null };
    const raw = await findPucAggregates(db, scope);
    if (raw.length !== report.rows.length) throw new Error(`PUC report as ${who}: ${report.rows.length} rows, SQL alone ${raw.length}`);
    measures.push({
      label: `GET ${HARVEST_PATHS.pucReport} (Harvest PUC report, every packhouse, as ${who})`,
      scope: `${count(report.rows.length)} PUCs, ${count(bins)} bins in the report; SQL alone = findPucAggregates`,
      server: () => get(HARVEST_PATHS.pucReport, viewer.organizationId),
      sql: () => findPucAggregates(db, scope),
    });
  }

  // ---- Fruitbins Block Report: the grower's PUC with the most bins this season
  const [top] = await rowsOf<{ pucId: number; bins: number }>(
    db,
    sql`select pb.puc_id as "pucId", count(*)::int as bins from fruit_bins fb join production_blocks pb on pb.id = fb.production_block_id
      where fb.organization_id = ${data.growerOrganizationId} and fb.season = ${data.season} group by pb.puc_id order by 2 desc, 1 limit 1`,
  );
  if (!top) throw new Error('the grower has no bins');
  const blockUrl = HARVEST_PATHS.blockReport.replace(':pucId', String(top.pucId));
  const blockPage = (await get(blockUrl, data.growerOrganizationId)).json() as { puc: { label: string }; rows: { not_Tipped: number; tipped: number }[] };
  const blockBins = blockPage.rows.reduce((sum, r) => sum + r.not_Tipped + r.tipped, 0);
  if (blockBins !== top.bins) throw new Error(`block report: ${blockBins} bins, expected ${top.bins}`);
  const fallbackSeason = seasonOfDay(data.today);
  measures.push({
    label: `GET ${HARVEST_PATHS.blockReport} (Fruitbins Block Report, ${blockPage.puc.label}, the grower's PUC with the most bins)`,
    scope: `${count(blockPage.rows.length)} blocks, ${count(blockBins)} bins; SQL alone = findBlockReport`,
    server: () => get(blockUrl, data.growerOrganizationId),
    sql: () => findBlockReport(db, grower, top.pucId, undefined, fallbackSeason),
  });

  // ---- producer view (the grower) and packhouse view (Sundays River Packers), page of 100
  const views: { view: ScheduleView; who: string; viewer: typeof grower; url: string; packhouseIds?: number[] }[] = [
    {
      view: 'producer',
      who: `Citrus Valley Growers, ${data.picking.packhouseName}`,
      viewer: grower,
      url: `${PICKING_PATHS.producerSchedule}?packhouses=${data.picking.packhouseId}&page=1&pageSize=100`,
      packhouseIds: [data.picking.packhouseId],
    },
    { view: 'packhouse', who: 'Sundays River Packers, every packhouse it owns', viewer: packer, url: `${PICKING_PATHS.packhouseSchedule}?page=1&pageSize=100` },
  ];
  for (const v of views) {
    const window = windowFor(v.view, undefined, data.today);
    const raw = () => scheduleSqlAlone(db, { ...v.viewer, view: v.view, packhouseIds: v.packhouseIds }, window, 100);
    const page = (await get(v.url, v.viewer.organizationId)).json() as PickingSchedulePage;
    const alone = await raw();
    if (page.total !== alone.total || page.rows.length !== Math.min(100, page.total) || page.total < 100) {
      throw new Error(`${v.view} view: ${page.total} rows (${page.rows.length} on the page), SQL alone ${alone.total}`);
    }
    const footer = page.footer.reduce((sum, f) => sum + f.total, 0);
    const planned = (alone.totals ?? []).reduce((sum, w) => sum + w.bins, 0);
    if (footer !== planned) throw new Error(`${v.view} view: footer ${footer} bins, SQL alone ${planned}`);
    const actualBins = alone.actuals.reduce((sum, a) => sum + a.bins, 0);
    // the organisations behind the rows, for the notes (every row read once, not timed)
    const organizations = new Set((await scheduleSqlAlone(db, { ...v.viewer, view: v.view, packhouseIds: v.packhouseIds }, window, null)).metas.map((m) => m.organizationId)).size;
    const path = v.view === 'producer' ? PICKING_PATHS.producerSchedule : PICKING_PATHS.packhouseSchedule;
    measures.push({
      label: `GET ${path}?pageSize=100 (${v.view} view, page of 100 of ${count(page.total)} rows, footer over all, as ${v.who})`,
      scope: `${count(page.total)} rows of ${organizations} organisation(s), ${window.weeks.length} weeks shown: ${count(alone.weeks.length)} week figures and ${count(actualBins)} actual bins read per request (the page's rows), week totals over all rows; SQL alone = findScheduleRowKeys of every row, then findScheduleRows + findRowWeeks + findRowActuals of the page and sumRowWeeks of every row`,
      server: () => get(v.url, v.viewer.organizationId),
      sql: raw,
    });
  }

  // ---- pest dashboard of the grower
  const pestUrl = `${PEST_DASHBOARD_PATHS.dashboard}?date=${data.today}`;
  const pestScope = { ...grower, date: data.today };
  const answer = (await get(pestUrl, data.growerOrganizationId)).json() as PestDashboardResponse;
  comparePestFigures(answer, await pestDashboardSql(db, pestScope));
  compareRowFigures(answer, await pestFiguresOfRows(db, pestScope));
  const inspections = answer.trapCounts.series.reduce((sum, x) => sum + x.days.reduce((n, d) => n + d.inspections, 0), 0);
  measures.push({
    label: `GET ${PEST_DASHBOARD_PATHS.dashboard}?date= (pest dashboard, every farm of Citrus Valley Growers)`,
    scope:
      `${count(data.counts.scoutingSessions)} bench scouting sessions with ${count(data.counts.observations)} observations on the grower's blocks; the window holds ${count(inspections)} trap inspections, ` +
      `${count(answer.infection.rows.length)} infection rows, ${count(answer.trapsOverThreshold.rows.length)} traps over threshold; SQL alone = pestDashboardSql: loadThresholds, then findBlocksWithLastSession + findInfectionCounts + findTrapCounts + findLatestInspections at once (per-day totals of migration 0026), then findInspectionsOfTraps of the traps over threshold; checked equal, as is the old per-row computation`,
    server: () => get(pestUrl, data.growerOrganizationId),
    sql: () => pestDashboardSql(db, pestScope),
  });

  return { measures, close: () => app.close() };
}
