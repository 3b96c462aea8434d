/**
 * Change notices: every committed change to any table, by any writer (this server, another
 * instance, a job, the seed, psql), is announced on one NOTIFY channel. Caches of answers built from
 * the database (plugins/response-cache.ts, the access checks) forget what they hold when one
 * arrives, so no instance keeps serving what another has changed.
 *
 * - One statement-level trigger per table (`AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ... FOR
 *   EACH STATEMENT`): a million-row INSERT ... SELECT announces once, and PostgreSQL folds equal
 *   notices of one transaction into one, delivered at commit (never for a rolled-back change).
 * - Installed on every table of the public schema after each migration (`installChangeNotices`,
 *   run by migrateDatabase), so a table added later gets its trigger without anyone remembering to.
 *   ENABLE ALWAYS: the seed writes in replica mode, and its rows must be announced too.
 * - The payload is empty: a change anywhere clears everything. Finer invalidation (per table or
 *   organisation) would have to know which tables each answer reads; clearing all is always right.
 * - While the listening connection is down nothing is announced: `watchChanges` reports the feed
 *   as lost (caches must then not serve), listens again with a growing delay, and announces one
 *   change when it is back (whatever happened in between).
 */
import { sql } from 'drizzle-orm';
import type { AppDb, DbHandle } from './client';

export const CHANGE_CHANNEL = 'orchard_data_changed';
export const CHANGE_TRIGGER = 'announce_change';

/** Creates the notice function and, on every table of the public schema that lacks it, the trigger. */
export async function installChangeNotices(db: AppDb): Promise<void> {
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${CHANGE_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('${CHANGE_CHANNEL}', '');
  RETURN NULL;
END
$fn$`),
  );
  await db.execute(
    sql.raw(`DO $do$
DECLARE t regclass;
BEGIN
  FOR t IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = '${CHANGE_TRIGGER}')
  LOOP
    EXECUTE format('CREATE TRIGGER ${CHANGE_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION ${CHANGE_TRIGGER}()', t);
    EXECUTE format('ALTER TABLE %s ENABLE ALWAYS TRIGGER ${CHANGE_TRIGGER}', t);
  END LOOP;
END
$do$`),
  );
}

export interface ChangeWatch {
  /** false while the feed is down: changes may go unannounced */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ChangeWatchOptions {
  /** a change was committed (or may have been, after the feed came back) */
  onChange: () => void;
  /** the feed went down; onChange follows when it is back */
  onLost?: (err: Error) => void;
  /** first delay before listening again (doubles up to 30 s) */
  retryMs?: number;
}

/** Listens for change notices until closed, listening again whenever the connection is lost. */
export async function watchChanges(handle: Pick<DbHandle, 'listen'>, options: ChangeWatchOptions): Promise<ChangeWatch> {
  const { onChange, onLost } = options;
  const firstRetry = options.retryMs ?? 250;
  let live = false;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;
  let retry = firstRetry;

  const lost = (err: Error) => {
    live = false;
    stop = null;
    onLost?.(err);
    schedule();
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(true);
    }, retry);
    timer.unref();
    retry = Math.min(retry * 2, 30_000);
  };
  const connect = async (again: boolean) => {
    try {
      const unlisten = await handle.listen(CHANGE_CHANNEL, () => onChange(), lost);
      if (closed) {
        await unlisten();
        return;
      }
      stop = unlisten;
      live = true;
      retry = firstRetry;
      // whatever was written while nobody listened
      if (again) onChange();
    } catch (err) {
      if (!again) throw err;
      onLost?.(err as Error);
      schedule();
    }
  };

  await connect(false);
  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      live = false;
      const s = stop;
      stop = null;
      await s?.();
    },
  };
}
