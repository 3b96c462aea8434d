/**
 * Planner statistics on the embedded database. PostgreSQL's autovacuum keeps them fresh; PGlite
 * runs no background workers, so a table's statistics are those of its last ANALYZE, or none at
 * all: the planner then takes every table for nearly empty and picks nested loops that scan an
 * index once per outer row (the demo data's trap inspections list took many times longer to count
 * than once analysed: BENCHMARKS.md, Section `picking`). So the database is analysed after the demo data goes in and at every start
 * (server.ts), and, on PGlite, again after writes: at most once per interval, only when a write
 * went through the API since the last time.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from './client';

/** Fresh statistics for every table (sampled: bounded time however large the tables grow). */
export async function analyzeDatabase(handle: Pick<DbHandle, 'db'>): Promise<void> {
  await handle.db.execute(sql`analyze`);
}

export interface StatisticsKeeper {
  /** a write went through: analyse at the next tick */
  noteWrite(): void;
  /** no more ticks; waits for an ANALYZE under way */
  stop(): Promise<void>;
}

/** On PGlite with `intervalMs` > 0, analyses after writes at most every `intervalMs`; elsewhere does nothing. */
export function keepStatisticsFresh(handle: Pick<DbHandle, 'db' | 'kind'>, intervalMs: number, onError: (err: unknown) => void): StatisticsKeeper | null {
  if (handle.kind !== 'pglite' || intervalMs <= 0) return null;
  let written = false;
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (!written || running) return;
    written = false;
    running = analyzeDatabase(handle)
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    noteWrite() {
      written = true;
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
