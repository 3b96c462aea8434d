/**
 * The only file that listens. Loads configuration, opens (and migrates) the database, adds demo
 * data to an empty database, serves, and shuts down gracefully on SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DataDirectoryInUseError, openDatabase, type DbHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed/index';
import { analyzeDatabase } from './db/statistics';

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let handle: DbHandle;
  try {
    handle = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedProcess: true,
      onEmbeddedProcessLost: (err) => {
        console.error(`${err.message} The server stops: restart it to open the database again.`);
        process.exit(1);
      },
    });
  } catch (err) {
    if (err instanceof DataDirectoryInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  await migrateDatabase(handle);
  // The demo world is built around the day it is first filled, so seasons, schedules and
  // dashboards show current weeks; tests and benchmarks pass a fixed date for reproducible rows.
  const summary = config.seedDemo
    ? await seedDemoData(handle, { referenceDate: config.seedReferenceDate ?? new Date(), dismissReleaseNote: config.seedReleaseNoteDismissed })
    : null;

  // the embedded database has no autovacuum: statistics as of this start (db/statistics.ts)
  if (handle.kind === 'pglite' && !summary?.seeded) await analyzeDatabase(handle);

  const app = await buildApp({ db: handle, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      console.error('Forced exit.');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 10 s; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await handle.close();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  const lines = [
    '',
    `Orchard Ops is running at ${url}`,
    `Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    ...app.startNotices,
  ];
  if (summary) {
    lines.push(summary.seeded ? 'Demo data was added. Demo sign-ins:' : 'Demo sign-ins:');
    for (const u of summary.users) lines.push(`  ${u.userName.padEnd(10)} ${u.password.padEnd(14)} ${u.description}`);
  }
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
