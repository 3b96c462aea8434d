/**
 * Seeds the demo data into the configured database:
 *   tsx src/db/seed/cli.ts [--scale N]
 * Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data, resolved from
 * the current directory). Migrates first; leaves a database that already has users untouched.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { instantOn } from '@orchard/shared/core';
import { DataDirectoryInUseError, openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { seedDemoData, type SeedSummary } from './index';

const USAGE = 'Usage: tsx src/db/seed/cli.ts [--scale N]\n  --scale N  integer >= 1 multiplying the large operational tables (default 1)';

export function formatSummary(summary: SeedSummary, elapsedMs?: number): string {
  const lines: string[] = [];
  if (!summary.seeded) {
    lines.push(summary.skippedReason ?? 'Nothing seeded.');
  } else {
    const took = elapsedMs === undefined ? '' : ` in ${(elapsedMs / 1000).toFixed(2)} s`;
    lines.push(`Demo data seeded${took} (scale ${summary.scale}, reference date ${summary.referenceDate}).`, '', 'Rows per table:');
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(summary.counts)) lines.push(`  ${table.padEnd(width)}  ${n}`);
  }
  lines.push('', 'Demo sign-ins:');
  const nameWidth = Math.max(...summary.users.map((u) => u.userName.length));
  const passWidth = Math.max(...summary.users.map((u) => u.password.length));
  for (const u of summary.users) {
    lines.push(`  ${u.userName.padEnd(nameWidth)}  ${u.password.padEnd(passWidth)}  ${u.fullName}: ${u.description}`);
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  let scale = 1;
  try {
    const { values } = parseArgs({
      options: { scale: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (values.scale !== undefined) {
      scale = Number(values.scale);
      if (!/^\d+$/.test(values.scale) || !Number.isSafeInteger(scale) || scale < 1) {
        throw new Error(`--scale must be an integer >= 1 (got "${values.scale}")`);
      }
    }
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }

  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR || './data');
  console.log(databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: embedded, ${dataDir}`);

  let handle;
  try {
    handle = await openDatabase({ databaseUrl, dataDir });
  } catch (err) {
    if (err instanceof DataDirectoryInUseError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  try {
    await migrateDatabase(handle);
    const started = performance.now();
    const reference = process.env.SEED_REFERENCE_DATE;
    const referenceDate = reference ? instantOn(reference, '08:00') : new Date();
    const summary = await seedDemoData(handle, { scale, referenceDate });
    console.log(formatSummary(summary, performance.now() - started));
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
