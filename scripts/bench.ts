/**
 * npm run bench: measures the figures QUALITY.md holds us to, each beside a reference measured in
 * the same run, and writes the table to BENCHMARKS.md.
 *
 *   - login-route JavaScript (gzip) and the largest lazy chunk, from apps/web/dist
 *   - cold start of the built server on an empty embedded data directory (migrate + demo data)
 *   - authenticated, tenant-scoped GET /api/menu beside a bare Fastify route, on PGlite and PostgreSQL
 *   - the Harvest PUC report and the Fruitbins Block Report on the --scale demo data (about a million
 *     bins at scale 42): the server's answer beside the report's SQL statement alone, on PGlite and
 *     PostgreSQL (budget: the server at most 2x the SQL)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase, type DbHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/index';
import { findBlockRows, findPucAggregates } from '../apps/server/src/modules/harvest/harvest.repository';
import { HARVEST_PATHS } from '@orchard/shared';

const root = path.resolve(import.meta.dirname, '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Row = [string, string, string, string];
const rows: Row[] = [];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function bundleFigures() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (f: string) => gzipSync(fs.readFileSync(path.join(dist, f))).length;
  // the entry and what it statically imports (modulepreload links) is what /login downloads
  const loginBytes = [...new Set(entry)].reduce((s, f) => s + gz(f), 0);
  const chunks = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const sized = chunks.map((f) => ({ f, size: gz(`assets/${f}`) })).sort((a, b) => b.size - a.size);
  const lazy = sized.filter((c) => !entry.includes(`assets/${c.f}`));
  rows.push(['Login route JavaScript (gzip)', kb(loginBytes), 'budget 160 KB', `${entry.length} file(s)`]);
  rows.push(['Largest chunk (gzip)', kb(sized[0]?.size ?? 0), 'lazy budget 250 KB', sized[0]?.f ?? '-']);
  rows.push(['Largest lazy chunk (gzip)', kb(lazy[0]?.size ?? 0), 'budget 250 KB', lazy[0]?.f ?? '-']);
}

async function coldStart() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-bench-cold-'));
  const port = 3400 + Math.floor(Math.random() * 200);
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: 'ignore',
  });
  let ms = NaN;
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://localhost:${port}/readyz`);
      if (res.ok) {
        ms = performance.now() - started;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  rows.push(['Cold start, empty data directory (migrate + demo data) to ready', `${(ms / 1000).toFixed(2)} s`, 'budget 10 s', 'built server, PGlite']);
}

/** autocannon in its own process, so the load generator does not share the server's event loop. */
async function load(url: string, headers: Record<string, string>) {
  const args = [path.join(root, 'node_modules/autocannon/autocannon.js'), '-j', '-c', String(CONNECTIONS), '-d', String(DURATION_S)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((r) => child.on('exit', r));
  const result = JSON.parse(out) as { non2xx: number; latency: { p50: number; p99: number }; requests: { average: number } };
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

async function menuBeside(kind: 'PGlite' | 'PostgreSQL', handle: DbHandle) {
  await migrateDatabase(handle);
  await seedDemoData(handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00') });
  const config = testConfig();
  const app = await buildApp({ db: handle, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await app.inject({
    method: 'POST',
    url: '/connect/token',
    payload: { grant_type: 'password', username: 'admin', password: 'Admin@2025' },
  });
  const accessToken = token.json().access_token as string;
  const orgs = await app.inject({ method: 'GET', url: '/api/me/organizations', headers: { authorization: `Bearer ${accessToken}` } });
  const orgId = String(orgs.json()[0].id);

  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const ref = await load(`${bareAddress}/bare`, {});
  const menu = await load(`${address}/api/menu`, { authorization: `Bearer ${accessToken}`, 'x-organization-id': orgId });
  rows.push([`Bare Fastify route, ${CONNECTIONS} connections (reference)`, `p50 ${ref.p50} ms / p99 ${ref.p99} ms`, `${Math.round(ref.rps)} req/s`, kind]);
  rows.push([
    `GET /api/menu authenticated, ${CONNECTIONS} connections`,
    `p50 ${menu.p50} ms / p99 ${menu.p99} ms`,
    `${Math.round(menu.rps)} req/s (${(ref.rps / menu.rps).toFixed(1)}x slower than bare)`,
    `${kind}; p99 budget 25 ms on PostgreSQL`,
  ]);
  await bare.close();
  await app.close();
  await handle.close();
}

/* ---------- harvest reports on the --scale data set ---------- */

const HARVEST_SCALE = Number(process.env.BENCH_HARVEST_SCALE ?? 42);
const HARVEST_RUNS = 7;

/** Median of HARVEST_RUNS timed calls after one warm-up call, in ms. */
async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < HARVEST_RUNS; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

async function harvestBeside(kind: 'PGlite' | 'PostgreSQL', handle: DbHandle) {
  await migrateDatabase(handle);
  const seedStart = performance.now();
  await seedDemoData(handle, { referenceDate: new Date('2025-06-30T08:00:00+02:00'), scale: HARVEST_SCALE });
  const seedMs = performance.now() - seedStart;
  const app = await buildApp({ db: handle, config: testConfig() });
  const token = await app.inject({
    method: 'POST',
    url: '/connect/token',
    payload: { grant_type: 'password', username: 'admin', password: 'Admin@2025' },
  });
  const accessToken = token.json().access_token as string;
  const orgs = await app.inject({ method: 'GET', url: '/api/me/organizations', headers: { authorization: `Bearer ${accessToken}` } });
  const organizationId = orgs.json()[0].id as number;
  const headers = { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(organizationId) };
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  };

  const report = (await get(HARVEST_PATHS.pucReport)).json() as { season: number; rows: { not_Tipped: number; tipped: number }[] };
  const bins = report.rows.reduce((sum, r) => sum + r.not_Tipped + r.tipped, 0);
  const scope = { organizationId, season: report.season, packhouseId: null, ownsPackhouse: false, varietyId: null };
  const pucServer = await median(() => get(HARVEST_PATHS.pucReport));
  const pucSql = await median(() => findPucAggregates(handle.db, scope));

  const [puc] = (await get(HARVEST_PATHS.pucs)).json() as { id: number; label: string }[];
  if (!puc) throw new Error('no PUC in the demo data');
  const blockUrl = HARVEST_PATHS.blockReport.replace(':pucId', String(puc.id));
  const blockServer = await median(() => get(blockUrl));
  const blockSql = await median(() => findBlockRows(handle.db, organizationId, report.season, { pucId: puc.id }));

  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const beside = (server: number, raw: number) => `SQL alone ${ms(raw)}; server ${(server / raw).toFixed(2)}x (budget <= 2x)`;
  const notes = `${kind}; scale ${HARVEST_SCALE}, ${bins.toLocaleString('en-US')} bins this season (seeded in ${(seedMs / 1000).toFixed(0)} s); median of ${HARVEST_RUNS}`;
  rows.push([`GET ${HARVEST_PATHS.pucReport} (Harvest PUC report, all packhouses), server answer`, ms(pucServer), beside(pucServer, pucSql), notes]);
  rows.push([`GET ${HARVEST_PATHS.blockReport} (Fruitbins Block Report, ${puc.label}), server answer`, ms(blockServer), beside(blockServer, blockSql), notes]);
  await app.close();
  await handle.close();
}

/** Runs `fn` on a PostgreSQL database made for it and dropped after. */
async function onFreshPostgres(fn: (handle: DbHandle) => Promise<void>) {
  const name = `oo_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    await fn(await openDatabase({ databaseUrl: url.toString(), poolSize: 20 }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  bundleFigures();
  await coldStart();
  await menuBeside('PGlite', await openDatabase({ dataDir: 'memory://' }));

  const name = `oo_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    await menuBeside('PostgreSQL', await openDatabase({ databaseUrl: url.toString(), poolSize: 20 }));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }

  if (process.env.BENCH_HARVEST !== '0') {
    await harvestBeside('PGlite', await openDatabase({ dataDir: 'memory://' }));
    await onFreshPostgres((handle) => harvestBeside('PostgreSQL', handle));
  }

  const machine = `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.type()} ${os.release()}`;
  const table = ['| Measure | Value | Reference / budget | Notes |', '|---|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  console.log(`\n${table}\n`);
  const doc = `# Benchmarks\n\nLatest \`npm run bench\` (${new Date().toISOString().slice(0, 10)}), on ${machine}.\nLoad: autocannon in a separate process, ${CONNECTIONS} connections, ${DURATION_S} s per route; server and load generator share the machine's cores.\n\n${table}\n`;
  fs.writeFileSync(path.join(root, 'BENCHMARKS.md'), doc);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
