/**
 * One database type for both engines: embedded PGlite (a directory, or memory) and PostgreSQL.
 * Everything above this file sees only AppDb.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDirectory } from './data-dir-lock';
import { openEmbeddedProcess } from './embedded-process';
import { QueryTimer, timedPglite, timePgClient, type QueryObserver } from './query-timing';
import * as schema from './schema/index';

export { DataDirectoryInUseError } from './data-dir-lock';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

/** A PostgreSQL pool's connections now: open ones, idle ones, and queries waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** How long the embedded database's process may take to say how much memory it holds. */
const MEMORY_ANSWER_MS = 1000;

/** The rows of a raw SQL query. Both drivers answer execute() with `{ rows }`; AppDb does not say so. */
export async function rowsOf<T>(db: AppDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface DbHandle {
  db: AppDb;
  kind: DbKind;
  close(): Promise<void>;
  /** an in-memory embedded database's files as a tarball, to start another from (loadDataDir) */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Listens for NOTIFY on `channel` (db/changes.ts). On PostgreSQL on a connection of its own:
   * `onLost` is told when that connection fails (notifications may have been missed; listen again).
   * Resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void): Promise<() => Promise<void>>;
  /** Tells `observer` how long each statement of the app takes (query-timing.ts); returns a function that stops it. */
  observeQueries(observer: QueryObserver): () => void;
  /** PostgreSQL: the pool's connections now */
  poolStats?: () => PoolStats;
  /**
   * The embedded database in a process of its own: that process's memory (process.memoryUsage(),
   * asked over its channel), or null when it is busy with a statement for longer than a second or gone.
   */
  databaseMemory?: () => Promise<NodeJS.MemoryUsage | null>;
}

/** LISTEN on a dedicated PostgreSQL connection (a pooled one would be handed to other queries). */
async function listenOnPostgres(connectionString: string, channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void) {
  const client = new pg.Client({ connectionString });
  let stopped = false;
  const lost = (err: Error) => {
    if (stopped) return;
    stopped = true;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    onLost(err);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the notification connection closed')));
  client.on('notification', (message) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (err) {
    stopped = true;
    await client.end().catch(() => undefined);
    throw err;
  }
  return async () => {
    if (stopped) return;
    stopped = true;
    await client.end();
  };
}

function listenOnPglite(client: Pick<PGlite, 'listen' | 'closed'>) {
  return async (channel: string, onNotify: (payload: string) => void) => {
    const unlisten = await client.listen(channel, onNotify);
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}

/** `answer`, or null when it fails or takes longer than `ms`. */
async function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | null> {
  let timeout: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timeout = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([answer.catch(() => null), late]);
  } finally {
    clearTimeout(timeout);
  }
}

export interface OpenDatabaseOptions {
  /** postgres://... ; when set the embedded database is not used */
  databaseUrl?: string | undefined;
  /** directory of the embedded database, or 'memory://' */
  dataDir?: string | undefined;
  /** an in-memory embedded database starts from these files (a dumpDataDir tarball) */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** told about errors on idle pooled connections (they are discarded either way) */
  onIdleError?: (err: Error) => void;
  /**
   * The embedded database runs in a process of its own (embedded-process.ts: the server's event
   * loop and memory stay the server's). The server does this; tools and tests keep it in theirs.
   */
  embeddedProcess?: boolean;
  /** with `embeddedProcess`: told when that process stops without having been asked to */
  onEmbeddedProcessLost?: (err: Error) => void;
}

/**
 * Planner settings of every connection the app opens. random_page_cost 1.1 (PostgreSQL's default
 * is 4, which prices a random read for spinning disks): the app's data is read from memory or SSD,
 * where an index probe costs about what a sequential read does. At 4 the planner read whole
 * tables where a few hundred index probes answer (the picking schedule's footer read every week row
 * of an industry's season for the few its rows hold: BENCHMARKS.md, Section `industry`). The
 * embedded database runs in memory too, so both plan alike.
 *
 * Set with SET on each new connection, not as a startup option (connection poolers such as
 * PgBouncer refuse startup options they do not know); a setting the database URL's own `options`
 * give (`-c random_page_cost=2`) is left to them.
 */
const PLANNER_SETTINGS = { random_page_cost: '1.1' } as const;

function plannerStatements(databaseUrl?: string): string[] {
  let fromUrl = '';
  try {
    fromUrl = databaseUrl ? (new URL(databaseUrl).searchParams.get('options') ?? '') : '';
  } catch {
    /* not a URL (a key=value string): its own options, if any, are read by the driver */
  }
  return Object.entries(PLANNER_SETTINGS)
    .filter(([name]) => !new RegExp(`(^|\\s)(-c\\s*|--)${name}=`).test(fromUrl))
    .map(([name, value]) => `SET ${name} = ${value}`);
}

async function applyPlannerSettings(client: Pick<PGlite, 'exec'>): Promise<void> {
  await client.exec(plannerStatements().join(';\n'));
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const planner = plannerStatements(options.databaseUrl);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // run on each new connection before the pool hands it out (pg-pool awaits the promise;
      // @types/pg types the hook as returning nothing); a refusal leaves the server's own setting
      // eslint-disable-next-line @typescript-eslint/no-misused-promises
      onConnect: async (client) => {
        for (const statement of planner) await client.query(statement).catch(() => undefined);
      },
    });
    // An idle connection that the server drops (restart, failover, DROP DATABASE) must not crash
    // the process: the pool discards it and the next query opens a new one.
    pool.on('error', (err) => {
      options.onIdleError?.(err);
    });
    const timer = new QueryTimer();
    pool.on('connect', (client) => timePgClient(client, timer));
    const db = drizzlePg(pool, { schema }) as unknown as AppDb;
    const connectionString = options.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      observeQueries: (observer) => timer.observe(observer),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: (channel, onNotify, onLost) => listenOnPostgres(connectionString, channel, onNotify, onLost),
    };
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (options.embeddedProcess) {
    if (options.loadDataDir) throw new Error('an embedded database in its own process starts from its directory, not from loadDataDir');
    // a directory's lock is taken by the database's process, which outlives a killed server
    // until it has closed the files
    const dir = dataDir.startsWith('memory://') ? dataDir : path.resolve(dataDir);
    if (dir !== dataDir) fs.mkdirSync(dir, { recursive: true });
    const client = await openEmbeddedProcess(dir, { onLost: options.onEmbeddedProcessLost });
    try {
      await applyPlannerSettings(client);
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    const timer = new QueryTimer();
    const db = drizzlePglite({ client: timedPglite(client, timer) as unknown as PGlite, schema }) as unknown as AppDb;
    return {
      db,
      kind: 'pglite',
      listen: listenOnPglite(client),
      close: () => client.close(),
      observeQueries: (observer) => timer.observe(observer),
      databaseMemory: () => answerWithin(client.memoryUsage(), MEMORY_ANSWER_MS),
    };
  }
  if (dataDir.startsWith('memory://')) {
    const client = new PGlite(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    await applyPlannerSettings(client);
    const timer = new QueryTimer();
    const db = drizzlePglite(timedPglite(client, timer), { schema }) as unknown as AppDb;
    return {
      db,
      kind: 'pglite',
      close: () => client.close(),
      dumpDataDir: () => client.dumpDataDir('none'),
      listen: listenOnPglite(client),
      observeQueries: (observer) => timer.observe(observer),
    };
  }
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  // PGlite is single-process: a second server on the same directory would corrupt it.
  const release = lockDataDirectory(dir);
  let client: PGlite;
  try {
    client = new PGlite(dir);
    await client.waitReady;
    await applyPlannerSettings(client);
  } catch (err) {
    release();
    throw err;
  }
  const timer = new QueryTimer();
  const db = drizzlePglite(timedPglite(client, timer), { schema }) as unknown as AppDb;
  return {
    db,
    kind: 'pglite',
    listen: listenOnPglite(client),
    observeQueries: (observer) => timer.observe(observer),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}
