/**
 * The organisation data export on the million-bin data set (the demo data at --scale, as the
 * harvest section makes it): the largest organisation (most bins), and the smallest for reference,
 * each downloaded over HTTP from the
 * built server running as a process of its own on PostgreSQL, the client reading and dropping the
 * bytes as they come. Reported: the time to the last byte, the archive's size and rows, and the
 * server process's peak RSS growth meanwhile (read from /proc every 10 ms), judged against a flat
 * bound: the rows are read a page at a time and piped through the zip, so the server's memory must
 * not grow with the organisation.
 */
import http from 'node:http';
import { count as countRows, desc, eq, sql } from 'drizzle-orm';
import { ORGANIZATION_EXPORT_PATHS } from '@orchard/shared/organization-export';
import type { DbHandle } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { fruitBins, organizations } from '../../apps/server/src/db/schema/index';
import { seedDemoData } from '../../apps/server/src/db/seed/index';
import { startServerProcess } from './server-process';
import { count, fmtS, judged, type BenchRow } from './timing';

/** The bound the server's peak RSS growth is held to while it streams the archive. */
export const ORGANIZATION_EXPORT_RSS_BUDGET_BYTES = 64 * 2 ** 20;

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export interface OrganizationExportBenchOptions {
  scale: number;
  referenceDate: Date;
  log: (line: string) => void;
}

export async function organizationExportBeside(
  root: string,
  handle: DbHandle,
  databaseUrl: string,
  options: OrganizationExportBenchOptions,
  push: (row: BenchRow) => void,
): Promise<void> {
  await migrateDatabase(handle);
  const seedStart = performance.now();
  await seedDemoData(handle, { referenceDate: options.referenceDate, scale: options.scale });
  const seedMs = performance.now() - seedStart;
  const byBins = await handle.db
    .select({ id: organizations.id, name: organizations.name, bins: countRows() })
    .from(fruitBins)
    .innerJoin(organizations, eq(organizations.id, fruitBins.organizationId))
    .groupBy(organizations.id, organizations.name)
    .orderBy(desc(countRows()));
  const largest = byBins[0];
  const smallest = byBins.at(-1);
  if (!largest || !smallest) throw new Error('org-export: no organisation has bins');
  const [{ total } = { total: 0 }] = await handle.db.select({ total: countRows() }).from(fruitBins);
  await handle.db.execute(sql`analyze`);
  await handle.close();
  options.log(`org-export: seeded scale ${options.scale} in ${fmtS(seedMs)}; exporting ${largest.name} (${count(largest.bins)} of ${count(total)} bins) and ${smallest.name} (${count(smallest.bins)})`);

  // each export on a server process of its own, started afresh, so each growth is measured from the same state
  const small = await exportOnce(root, databaseUrl, smallest.id);
  const large = await exportOnce(root, databaseUrl, largest.id);
  const seeded = `scale ${options.scale}, ${count(total)} bins, seeded in ${fmtS(seedMs)}`;
  push([
    `GET ${ORGANIZATION_EXPORT_PATHS.archive}, largest organisation (${count(largest.bins)} bins): server peak RSS growth`,
    mib(large.growth),
    `${judged(`budget < ${mib(ORGANIZATION_EXPORT_RSS_BUDGET_BYTES)}, flat whatever the size`, large.growth < ORGANIZATION_EXPORT_RSS_BUDGET_BYTES)}; the smallest organisation's export (reference): ${mib(small.growth)}`,
    `PostgreSQL; ${largest.name}; ${seeded}; server process RSS ${mib(large.before)} before; a server process of its own per export`,
  ]);
  push([
    `GET ${ORGANIZATION_EXPORT_PATHS.archive}, largest organisation: time to the last byte`,
    fmtS(large.ms),
    `${mib(large.bytes)} zip, ${mib(large.bytes / (large.ms / 1000))}/s; reference: ${smallest.name} (${count(smallest.bins)} bins) ${fmtS(small.ms)}, ${mib(small.bytes)}`,
    'one download at a time; the client drops the bytes as they come',
  ]);
}

interface ExportRun {
  growth: number;
  before: number;
  bytes: number;
  ms: number;
}

/** One archive downloaded from a freshly started server process: its peak RSS growth meanwhile, bytes and time. */
async function exportOnce(root: string, databaseUrl: string, organizationId: number): Promise<ExportRun> {
  const server = await startServerProcess(root, { DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
  try {
    const token = await fetch(`${server.address}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: 'Admin@2025' }),
    });
    if (!token.ok) throw new Error(`org-export: sign-in ${token.status}`);
    const accessToken = ((await token.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(organizationId) };
    // one small request first, so the server's start-up allocations are behind the baseline
    await fetch(`${server.address}${ORGANIZATION_EXPORT_PATHS.contents}`, { headers });

    const before = server.rss();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, server.rss())), 10);
    let bytes = 0;
    const start = performance.now();
    try {
      await new Promise<void>((resolve, reject) => {
        http
          .get(`${server.address}${ORGANIZATION_EXPORT_PATHS.archive}`, { headers }, (res) => {
            if (res.statusCode !== 200) reject(new Error(`org-export: ${res.statusCode}`));
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', resolve);
            res.on('error', reject);
          })
          .on('error', reject);
      });
    } finally {
      clearInterval(timer);
    }
    const ms = performance.now() - start;
    return { growth: Math.max(peak, server.rss()) - before, before, bytes, ms };
  } finally {
    await server.stop();
  }
}
