/**
 * The `writes` section of npm run bench: bin intake through the API on the demo data, each beside a
 * raw INSERT ... SELECT writing the same fruit_bins rows (budget: at most 5x).
 *
 *   - intake: `bins` bins (10,000) sent as a client sends them, one POST /api/harvest/bins per
 *     delivery of `perRequest` bins (a block, a packhouse, a day, tipped with their weight or
 *     waiting), one request after the other; beside the same deliveries written by one raw
 *     statement each, and by one statement for all of them;
 *   - concurrent writers: 16 clients sending those deliveries back to back (budget on PostgreSQL:
 *     400/s, p99 100 ms), beside the same with the change notices switched off on every table;
 *   - CSV import: a file of `lines` lines (10,000, the most a file may have; each a delivery of 1 to
 *     20 bins) committed by POST /api/harvest/bin-imports?mode=commit (multipart field `file`):
 *     parsing, checking every line, writing all in one transaction; beside one raw statement
 *     writing the same bins.
 *
 * Each figure is the median of `runs` runs taken in turns; every run writes its bins (the table grows
 * by them, as it would over a day of intake), and the count is checked after each.
 */
import { addDays, dayOf } from '@orchard/shared/core';
import { BIN_IMPORT_COLUMNS, HARVEST_PATHS, type BinIntakeBody } from '@orchard/shared/harvest';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { benchConfig } from './config';
import { rowsOf, type AppDb, type DbHandle } from '../../apps/server/src/db/client';
import { CHANGE_TRIGGER } from '../../apps/server/src/db/changes';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { organizations, users } from '../../apps/server/src/db/schema/index';
import { DEMO_ORGANIZATIONS, seedDemoData } from '../../apps/server/src/db/seed/index';
import type { BinBatch } from '../../apps/server/src/modules/harvest/bins.repository';
import { findReportPackhouses } from '../../apps/server/src/modules/harvest/harvest-lookups.repository';
import { receivedAtFor, seasonOfDay } from '../../apps/server/src/modules/harvest/season';
import { count, fmtMs, judged, spread, timed, type BenchRow } from './timing';

export interface WritesBenchOptions {
  referenceDate: Date;
  /** bins sent through POST /api/harvest/bins */
  bins: number;
  /** bins per request */
  perRequest: number;
  /** lines of the CSV file */
  lines: number;
  runs: number;
}

const BUDGET = 5;
/** 16 clients writing deliveries at once (docs/quality.md, Performance budgets) */
const CONCURRENT_WRITERS = 16;
const CONCURRENT_SECONDS = Number(process.env.BENCH_WRITES_CONCURRENT_SECONDS ?? 10);
const CONCURRENT_BUDGET_PER_SECOND = 400;
const CONCURRENT_BUDGET_P99_MS = 100;
const CONCURRENT_NOTICE_RATIO = 1.2;
const KG_PER_BIN = 400;

/** One fruit_bins batch as the service writes it: `bins` equal rows. */
type RawBatch = BinBatch;

/** The raw reference: the batches' rows in one INSERT ... SELECT. */
async function insertRaw(db: AppDb, organizationId: number, userId: number, batches: readonly RawBatch[]) {
  await db.execute(sql`
    insert into fruit_bins (organization_id, production_block_id, packhouse_id, variety_id, season,
      received_at, received_date, tipped, tipped_at, tipped_kgs, created_by)
    select ${organizationId}, r."productionBlockId", r."packhouseId", r."varietyId", r.season,
      r."receivedAt", r."receivedDate", r.tipped, r."tippedAt", r."kgsEach", ${userId}
    from json_to_recordset(${JSON.stringify(batches)}::json) as r(
      "productionBlockId" int, "packhouseId" int, "varietyId" int, season int, "receivedAt" timestamptz,
      "receivedDate" date, bins int, tipped boolean, "tippedAt" timestamptz, "kgsEach" float8)
    cross join lateral generate_series(1, r.bins) as g(n)`);
}

const binCount = async (db: AppDb) => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from fruit_bins`))[0]!.n;

/** A multipart/form-data body with one file field, as the browser sends it. */
function multipartFile(content: string) {
  const boundary = '----orchard-bench-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bins.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function writesBeside(kind: 'PGlite' | 'PostgreSQL', handle: DbHandle, options: WritesBenchOptions, push: (row: BenchRow) => void): Promise<void> {
  const { db } = handle;
  try {
    await migrateDatabase(handle);
    await seedDemoData(handle, { referenceDate: options.referenceDate });
    const now = options.referenceDate;
    const today = dayOf(now);
    const app = await buildApp({ db: handle, config: benchConfig({ logLevel: 'warn' }), clock: { now: () => now } });
    try {
      const growerName = DEMO_ORGANIZATIONS.find((o) => o.key === 'grower')!.name;
      const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, growerName));
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'admin'));
      if (!org || !admin) throw new Error('writes: the demo grower or administrator is missing');
      let token = '';
      const signIn = async () => {
        const res = await app.inject({ method: 'POST', url: '/connect/token', payload: { grant_type: 'password', username: 'admin', password: 'Admin@2025' } });
        token = res.json().access_token as string;
      };
      await signIn();
      const send = async (request: { url: string; payload: object | Buffer; headers?: Record<string, string> }, expected: number) => {
        const ask = () =>
          app.inject({ method: 'POST', url: request.url, payload: request.payload, headers: { authorization: `Bearer ${token}`, 'x-organization-id': String(org.id), ...request.headers } });
        let res = await ask();
        if (res.statusCode === 401) {
          await signIn();
          res = await ask();
        }
        if (res.statusCode !== expected) throw new Error(`${request.url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
      };

      // the grower's production blocks (the admin sees every farm) and its packhouses
      const blocks = await rowsOf<{ id: number; varietyId: number; pucName: string; code: string }>(
        db,
        sql`select pb.id, pb.variety_id as "varietyId", p.puc_name as "pucName", pb.code from production_blocks pb
          join pucs p on p.id = pb.puc_id where pb.organization_id = ${org.id} order by pb.id`,
      );
      const packhouseRows = await findReportPackhouses(db, org.id);
      if (blocks.length === 0 || packhouseRows.length === 0) throw new Error('writes: the grower has no blocks or packhouses');

      // ---- intake through the API: deliveries of perRequest bins over the last 14 days
      const deliveries = Math.ceil(options.bins / options.perRequest);
      const bodies: BinIntakeBody[] = Array.from({ length: deliveries }, (_, i) => {
        const n = Math.min(options.perRequest, options.bins - i * options.perRequest);
        const tipped = i % 3 !== 0;
        return {
          production_Block: blocks[(i * 7) % blocks.length]!.id,
          packhouse: packhouseRows[i % packhouseRows.length]!.id,
          count: n,
          received_Date: addDays(today, -(i % 14)),
          tipped,
          tipped_Kgs: tipped ? n * KG_PER_BIN : null,
        };
      });
      const variety = new Map(blocks.map((b) => [b.id, b.varietyId]));
      const intakeBatches: RawBatch[] = bodies.map((b) => ({
        productionBlockId: b.production_Block,
        packhouseId: b.packhouse,
        varietyId: variety.get(b.production_Block)!,
        season: seasonOfDay(b.received_Date),
        receivedAt: receivedAtFor(b.received_Date, now),
        receivedDate: b.received_Date,
        bins: b.count,
        tipped: b.tipped,
        tippedAt: b.tipped ? now.toISOString() : null,
        kgsEach: b.tipped ? KG_PER_BIN : null,
      }));

      // ---- the CSV file: lines of 1 to 20 bins
      const csvLines: string[] = [BIN_IMPORT_COLUMNS.join(',')];
      const csvBatches: RawBatch[] = [];
      for (let i = 0; i < options.lines; i++) {
        const block = blocks[(i * 11) % blocks.length]!;
        const packhouse = packhouseRows[(i * 5) % packhouseRows.length]!;
        const n = 1 + ((i * 2654435761) % 1000003) % 20;
        const tipped = i % 4 !== 0;
        const day = addDays(today, -(i % 28));
        csvLines.push([block.pucName, block.code, packhouse.name, day, n, tipped ? 'yes' : 'no', tipped ? n * KG_PER_BIN : ''].join(','));
        csvBatches.push({
          productionBlockId: block.id,
          packhouseId: packhouse.id,
          varietyId: block.varietyId,
          season: seasonOfDay(day),
          receivedAt: receivedAtFor(day, now),
          receivedDate: day,
          bins: n,
          tipped,
          tippedAt: tipped ? now.toISOString() : null,
          kgsEach: tipped ? KG_PER_BIN : null,
        });
      }
      const csv = `${csvLines.join('\r\n')}\r\n`;
      const csvBins = csvBatches.reduce((sum, b) => sum + b.bins, 0);
      const importUrl = `${HARVEST_PATHS.binImports}?mode=commit`;

      /** Times `fn` and checks it wrote `bins` rows. */
      const writing = async (bins: number, fn: () => Promise<unknown>) => {
        const before = await binCount(db);
        const ms = await timed(fn);
        const after = await binCount(db);
        if (after - before !== bins) throw new Error(`writes: ${after - before} bins written, ${bins} expected`);
        return ms;
      };
      const times = { api: [] as number[], perBatch: [] as number[], single: [] as number[], csv: [] as number[], csvRaw: [] as number[] };
      // one untimed run of each first (plans, caches, the JIT), then the timed runs in turns
      for (let run = -1; run < options.runs; run++) {
        const api = await writing(options.bins, async () => {
          for (const body of bodies) await send({ url: HARVEST_PATHS.bins, payload: body }, 201);
        });
        const perBatch = await writing(options.bins, async () => {
          for (const batch of intakeBatches) await insertRaw(db, org.id, admin.id, [batch]);
        });
        const single = await writing(options.bins, () => insertRaw(db, org.id, admin.id, intakeBatches));
        const body = multipartFile(csv);
        const imported = await writing(csvBins, () => send({ url: importUrl, payload: body.payload, headers: body.headers }, 201));
        const csvRaw = await writing(csvBins, () => insertRaw(db, org.id, admin.id, csvBatches));
        if (run < 0) continue;
        times.api.push(api);
        times.perBatch.push(perBatch);
        times.single.push(single);
        times.csv.push(imported);
        times.csvRaw.push(csvRaw);
      }
      const med = (xs: number[]) => spread(xs).median;
      const runsNote = `median of ${options.runs} runs after one untimed run, in turns; every run adds its bins (${count(await binCount(db))} bins in the table at the end)`;
      const noisy = "server, database and the bench itself share the machine's 2 cores";
      const api = med(times.api);
      const perBatch = med(times.perBatch);
      const single = med(times.single);
      push([
        `POST ${HARVEST_PATHS.bins}: ${count(options.bins)} bins in ${count(deliveries)} requests of ${options.perRequest} (one after the other, a third waiting, the rest tipped)`,
        fmtMs(api),
        `raw INSERT ... SELECT per delivery (the same ${count(deliveries)} statements) ${fmtMs(perBatch)}: ${(api / perBatch).toFixed(2)}x (${judged(`budget <= ${BUDGET}x`, api / perBatch <= BUDGET)}); ` +
          `all ${count(options.bins)} rows in one statement ${fmtMs(single)}: ${(api / single).toFixed(1)}x`,
        `${kind}; demo data; ${fmtMs(api / deliveries)} per request; ${runsNote}; ${noisy}`,
      ]);
      const csvMs = med(times.csv);
      const csvRawMs = med(times.csvRaw);
      push([
        `POST ${HARVEST_PATHS.binImports}?mode=commit: ${count(options.lines)}-line CSV file (${count(csvBins)} bins), server answer`,
        fmtMs(csvMs),
        `raw INSERT ... SELECT of the same ${count(csvBins)} rows in one statement ${fmtMs(csvRawMs)}: ${(csvMs / csvRawMs).toFixed(2)}x (${judged(`budget <= ${BUDGET}x`, csvMs / csvRawMs <= BUDGET)})`,
        `${kind}; demo data; ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB file, 1 to 20 bins a line, three lines in four tipped; parse, check every line, write all in one transaction; ${runsNote}; ${noisy}`,
      ]);

      // ---- concurrent writers: CONCURRENT_WRITERS clients each sending deliveries back to back
      const concurrently = async () => {
        const latencies: number[] = [];
        const until = performance.now() + CONCURRENT_SECONDS * 1000;
        let next = 0;
        await Promise.all(
          Array.from({ length: CONCURRENT_WRITERS }, async () => {
            while (performance.now() < until) {
              const body = bodies[next++ % bodies.length]!;
              latencies.push(await timed(() => send({ url: HARVEST_PATHS.bins, payload: body }, 201)));
            }
          }),
        );
        const sorted = latencies.sort((a, b) => a - b);
        return { perSecond: latencies.length / CONCURRENT_SECONDS, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0 };
      };
      const noticeTables = await rowsOf<{ table: string }>(
        db,
        sql`select c.relname as "table" from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = ${CHANGE_TRIGGER}`,
      );
      const triggers = async (enable: boolean) => {
        for (const { table } of noticeTables) {
          await db.execute(sql.raw(`ALTER TABLE ${table} ${enable ? 'ENABLE ALWAYS' : 'DISABLE'} TRIGGER ${CHANGE_TRIGGER}`));
        }
      };
      await concurrently(); // warm-up: plans, pool connections, the JIT
      const withNotices = await concurrently();
      await triggers(false);
      let without: Awaited<ReturnType<typeof concurrently>>;
      try {
        without = await concurrently();
      } finally {
        await triggers(true);
      }
      const ratio = without.perSecond / withNotices.perSecond;
      const budget =
        kind === 'PostgreSQL'
          ? judged(`budget >= ${CONCURRENT_BUDGET_PER_SECOND}/s, p99 <= ${CONCURRENT_BUDGET_P99_MS} ms, within ${CONCURRENT_NOTICE_RATIO}x of no notices`, withNotices.perSecond >= CONCURRENT_BUDGET_PER_SECOND && withNotices.p99 <= CONCURRENT_BUDGET_P99_MS && ratio <= CONCURRENT_NOTICE_RATIO)
          : `(the ${CONCURRENT_BUDGET_PER_SECOND}/s budget is PostgreSQL's)`;
      push([
        `POST ${HARVEST_PATHS.bins}: ${CONCURRENT_WRITERS} concurrent writers of deliveries of ${options.perRequest} bins, back to back for ${CONCURRENT_SECONDS} s`,
        `${withNotices.perSecond.toFixed(0)}/s, p99 ${fmtMs(withNotices.p99)}`,
        `with the change notices off on every table ${without.perSecond.toFixed(0)}/s, p99 ${fmtMs(without.p99)}: ${ratio.toFixed(2)}x; ${budget}`,
        `${kind}; demo data; change notices on ${noticeTables.length} tables (${noticeTables.map((t) => t.table).sort().join(', ')}), none on the bins'; in-process requests, one warm-up run; ${noisy}`,
      ]);
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
  }
}
