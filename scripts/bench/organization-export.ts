/**
 * The organisation data export on the million-bin data set (the demo data at --scale, as the
 * harvest section makes it): the largest organisation (most bins) downloaded over HTTP from the
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
  const [largest] = await handle.db
    .select({ id: organizations.id, name: organizations.name, bins: countRows() })
    .from(fruitBins)
    .innerJoin(organizations, eq(organizations.id, fruitBins.organizationId))
    .groupBy(organizations.id, organizations.name)
    .orderBy(desc(countRows()))
    .limit(1);
  if (!largest) throw new Error('org-export: no organisation has bins');
  const [{ total } = { total: 0 }] = await handle.db.select({ total: countRows() }).from(fruitBins);
  await handle.db.execute(sql`analyze`);
  await handle.close();
  options.log(`org-export: seeded scale ${options.scale} in ${fmtS(seedMs)}; exporting ${largest.name} (${count(largest.bins)} of ${count(total)} bins)`);

  const server = await startServerProcess(root, { DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
  try {
    const token = await fetch(`${server.address}/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'admin', password: 'Admin@2025' }),
    });
    if (!token.ok) throw new Error(`org-export: sign-in ${token.status}`);
    const accessToken = ((await token.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${accessToken}`, 'x-organization-id': String(largest.id) };
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
    const growth = Math.max(peak, server.rss()) - before;
    const notes = `PostgreSQL; ${largest.name}, ${count(largest.bins)} of the data set's ${count(total)} bins (scale ${options.scale}, seeded in ${fmtS(seedMs)}); archive ${mib(bytes)} in ${fmtS(ms)} (${mib(bytes / (ms / 1000))}/s); server process RSS ${mib(before)} before`;
    push([
      `GET ${ORGANIZATION_EXPORT_PATHS.archive} (largest organisation, whole archive): server peak RSS growth`,
      mib(growth),
      judged(`budget < ${mib(ORGANIZATION_EXPORT_RSS_BUDGET_BYTES)}, flat whatever the size`, growth < ORGANIZATION_EXPORT_RSS_BUDGET_BYTES),
      notes,
    ]);
    push([`GET ${ORGANIZATION_EXPORT_PATHS.archive} (largest organisation): time to the last byte`, fmtS(ms), `${mib(bytes)} zip`, 'one download; the client drops the bytes as they come']);
  } finally {
    await server.stop();
  }
}
