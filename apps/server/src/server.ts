/**
 * The only file that listens. Loads configuration, opens (and migrates) the database, adds demo
 * data to an empty database, serves, and shuts down gracefully on SIGINT/SIGTERM. While the
 * database opens and migrates, the probes' starting answers hold the address (startup-probe.ts).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { DataDirectoryInUseError, openDatabase, type DbHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed/index';
import { analyzeDatabase } from './db/statistics';
import { listenWhileStarting, type StartupProbe } from './modules/health/startup-probe';

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

  // port 0 (any free port) has no address to hold: the app's will be another
  let probe: StartupProbe | null = null;
  if (config.port !== 0) {
    try {
      probe = await listenWhileStarting(config.host, config.port);
    } catch (err) {
      console.error(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
      process.exit(1);
    }
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

  // SIGTERM: /readyz answers 503 at once (a preClose hook), the server stops accepting connections,
  // the requests in flight finish (at most SHUTDOWN_GRACE_MS, then their connections are closed),
  // and then the database closes: every write that was answered is on disk.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      console.error('Forced exit.');
      process.exit(1);
    }
    closing = true;
    const graceMs = config.shutdownGraceMs;
    app.log.info({ signal, graceMs }, 'shutting down: not ready any more, finishing the requests in flight');
    let cut = false;
    const grace = setTimeout(() => {
      cut = true;
      console.error(`Requests were still in flight ${graceMs} ms after ${signal} (SHUTDOWN_GRACE_MS): their connections are closed.`);
      app.server.closeAllConnections();
    }, graceMs);
    const force = setTimeout(() => {
      console.error(`Shutdown took longer than ${graceMs + 10_000} ms; exiting.`);
      process.exit(1);
    }, graceMs + 10_000);
    force.unref();
    try {
      await app.close();
      clearTimeout(grace);
      await handle.close();
      process.exit(cut ? 1 : 0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await probe?.close();
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
