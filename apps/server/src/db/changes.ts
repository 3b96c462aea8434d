/**
 * Access change notices: a committed change to any table the access check reads (who is enabled or
 * a super user, which sessions are live, who is a member of which active organisation, which roles
 * and permissions they hold: ACCESS_TABLES), by any writer (this server, another instance, a job,
 * the seed, psql), is announced on one NOTIFY channel. Each instance's access checks
 * (plugins/access.ts) forget what they hold when one arrives, so no instance lets a disabled user, an
 * ended session or a removed permission through for longer than the notice takes.
 *
 * - Only these tables announce. A notice takes PostgreSQL's database-wide notify lock at commit, so
 *   every announcing transaction commits one after another: bins, estimates and captures written
 *   every few milliseconds in a harvest week must not queue behind each other for it. They announce
 *   nothing, as nothing cached depends on them (docs/decisions/0005-made-fresh.md).
 * - One statement-level trigger per access table (`AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ...
 *   FOR EACH STATEMENT`): a million-row INSERT ... SELECT announces once, and PostgreSQL folds equal
 *   notices of one transaction into one, delivered at commit (never for a rolled-back change).
 *   Cascaded deletes (a role, an organisation) fire the triggers of the rows they remove.
 * - The trigger also counts the change: it draws the next number of the ACCESS_CHANGES sequence.
 *   A write request reads the sequence before and after its work (`accessChangeMark`) and, when it
 *   moved, forgets the instance's access checks before its answer leaves, so the writer's next
 *   request sees its change at once without every bin delivery emptying them. A sequence, not a
 *   counter row: drawing a number locks nothing until commit, so a password change revoking
 *   sessions and a refresh rotating one of them cannot deadlock over it (a counter row did), and
 *   nothing waits for it. It moves for a change not yet committed, or rolled back, too: at worst the
 *   checks are forgotten once more than needed; the change's notice follows its commit.
 * - Installed after each migration (`installChangeNotices`, run by migrateDatabase): the function,
 *   the sequence and the triggers on ACCESS_TABLES, and the trigger removed from every other table
 *   (older versions announced every table). ENABLE ALWAYS: the seed writes in replica mode, and its
 *   rows must be announced too.
 * - The payload is empty: a change to any access table clears every access check of the instance.
 * - While the listening connection is down nothing is announced: `watchChanges` reports the feed
 *   as lost (the access checks are then read on every request), listens again with a growing delay,
 *   and announces one change when it is back (whatever happened in between).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type AppDb, type DbHandle } from './client';

export const CHANGE_CHANNEL = 'orchard_data_changed';
export const CHANGE_TRIGGER = 'announce_change';
export const ACCESS_CHANGES = 'access_change_seq';
/** The counter row of earlier versions, dropped on install. */
const OLD_ACCESS_COUNTER = 'access_changes';

/** What the trigger does to count a change (without announcing it). */
export const COUNT_ACCESS_CHANGE = `PERFORM nextval('${ACCESS_CHANGES}');`;

/** The tables plugins/access.repository.ts reads for every request's access check. */
export const ACCESS_TABLES = ['users', 'refresh_tokens', 'memberships', 'organizations', 'user_roles', 'role_permissions'] as const;

/** Creates the notice function, its counter and the triggers on ACCESS_TABLES; removes the trigger from every other table. */
export async function installChangeNotices(db: AppDb): Promise<void> {
  await db.execute(sql.raw(`DROP TABLE IF EXISTS ${OLD_ACCESS_COUNTER}`));
  await db.execute(sql.raw(`CREATE SEQUENCE IF NOT EXISTS ${ACCESS_CHANGES}`));
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION ${CHANGE_TRIGGER}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${COUNT_ACCESS_CHANGE}
  PERFORM pg_notify('${CHANGE_CHANNEL}', '');
  RETURN NULL;
END
$fn$`),
  );
  const list = ACCESS_TABLES.map((t) => `'${t}'`).join(', ');
  await db.execute(
    sql.raw(`DO $do$
DECLARE t regclass; announces boolean;
BEGIN
  FOR t, announces IN
    SELECT c.oid::regclass, c.relname IN (${list}) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND (c.relname IN (${list})) <> EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = '${CHANGE_TRIGGER}')
  LOOP
    IF announces THEN
      EXECUTE format('CREATE TRIGGER ${CHANGE_TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION ${CHANGE_TRIGGER}()', t);
      EXECUTE format('ALTER TABLE %s ENABLE ALWAYS TRIGGER ${CHANGE_TRIGGER}', t);
    ELSE
      EXECUTE format('DROP TRIGGER ${CHANGE_TRIGGER} ON %s', t);
    END IF;
  END LOOP;
END
$do$`),
  );
}

/** The last number drawn for a change to an access table, by any transaction (it only grows). */
export async function accessChangeMark(db: AppDb): Promise<number> {
  const [row] = await rowsOf<{ mark: string | number }>(db, sql.raw(`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS mark FROM ${ACCESS_CHANGES}`));
  return Number(row?.mark ?? 0);
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
