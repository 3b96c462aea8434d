/**
 * The embedded database in a process of its own (embedded-process.ts) answers as PGlite in the
 * server's process does: the same rows and types through Drizzle, the same errors, transactions
 * that commit or roll back, notifications; it holds its directory's lock, keeps what was committed
 * across a close, and tells the server when its process stops unasked.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirectoryInUseError, openDatabase, rowsOf, type DbHandle } from './client';
import { isUniqueViolationOf } from './pg-errors';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oo-embedded-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}.lock`, { force: true });
  }
});

const SETUP = sql`create table things (
  id integer primary key, name text not null unique, at timestamptz, day date, amount numeric(8, 2),
  ratio double precision, big bigint, bytes bytea, doc jsonb, tags text[], days date[]
)`;

/** What a statement answered, or how it failed, in a form two engines' answers can be compared in. */
async function outcome(handle: DbHandle, query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    return { rows: await rowsOf(handle.db, query) };
  } catch (err) {
    const e = err as Error & { code?: string; constraint?: string; detail?: string; cause?: Error & { code?: string; constraint?: string; detail?: string } };
    const pgErr = e.code ? e : e.cause;
    return { error: pgErr?.message, code: pgErr?.code, constraint: pgErr?.constraint, detail: pgErr?.detail };
  }
}

describe('the embedded database in a process of its own', () => {
  it("reports its process's memory, and times every statement, those in transactions too", async () => {
    const handle = await openDatabase({ dataDir: tempDir(), embeddedProcess: true });
    try {
      const memory = await handle.databaseMemory!();
      // PGlite's WebAssembly heap lives in that process, not in this one
      expect(memory?.rss).toBeGreaterThan(50_000_000);
      expect(memory?.arrayBuffers).toBeGreaterThan(0);
      const timings: [number, boolean][] = [];
      const stop = handle.observeQueries((seconds, failed) => timings.push([seconds, failed]));
      await rowsOf(handle.db, sql`select 1`);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 2`);
      });
      await expect(rowsOf(handle.db, sql`select * from no_such_table`)).rejects.toThrow();
      stop();
      await rowsOf(handle.db, sql`select 3`);
      expect(timings.map(([, failed]) => failed)).toEqual([false, false, true]);
      expect(timings.every(([seconds]) => seconds >= 0)).toBe(true);
    } finally {
      await handle.close();
    }
    expect(await handle.databaseMemory!()).toBeNull();
  });

  it('answers every statement as PGlite in the same process does: rows, types, bytes and errors', async () => {
    const inProcess = await openDatabase({ dataDir: 'memory://' });
    const child = await openDatabase({ dataDir: tempDir(), embeddedProcess: true });
    try {
      // [statement, does it succeed?]
      const statements: [ReturnType<typeof sql>, boolean][] = [
        [SETUP, true],
        [
          sql`insert into things values (1, 'one', '2026-03-01T10:00:00Z', '2026-03-01', 12.5, 0.25, 9007199254740993, ${Buffer.from([0, 1, 2, 255])}, ${JSON.stringify({ a: [1, 'x'] })}, ${'{a,b}'}::text[], array['2026-01-01'::date])`,
          true,
        ],
        [sql`insert into things (id, name, at) values (2, 'two', ${new Date('2026-11-29T06:00:00.123Z')})`, true],
        [sql`select * from things order by id`, true],
        [sql`select count(*)::int as n, sum(amount) as total, max(at) as latest from things`, true],
        [sql`update things set ratio = ratio * 2 where id = 1 returning id, ratio`, true],
        [sql`insert into things (id, name) values (3, 'one')`, false],
        [sql`insert into things (id, name) values (1, 'uno')`, false],
        [sql`select 1 / 0 as never`, false],
        [sql`select nonsense from things`, false],
        [sql`select ${'O\u2019Neill'}::text as name, ${42}::int as n, ${null}::text as nothing`, true],
      ];
      for (const [statement, succeeds] of statements) {
        const answer = await outcome(child, statement);
        expect(answer).toEqual(await outcome(inProcess, statement));
        expect(answer).toHaveProperty(succeeds ? 'rows' : 'code');
      }
      expect(await outcome(child, sql`select id, name from things order by id`)).toEqual({ rows: [{ id: 1, name: 'one' }, { id: 2, name: 'two' }] });
      // the app's own reading of a unique violation works on what crossed
      const dup = await child.db.execute(sql`insert into things (id, name) values (9, 'one')`).catch((err: unknown) => err);
      expect(isUniqueViolationOf(dup, 'things_name_key')).toBe(true);
      const [row] = await rowsOf<{ bytes: Uint8Array; at: string }>(child.db, sql`select bytes, at from things where id = 1`);
      expect([...row!.bytes]).toEqual([0, 1, 2, 255]);
    } finally {
      await inProcess.close();
      await child.close();
    }
  });

  it('commits a transaction that ends well, rolls back one that throws (and a savepoint), and keeps what was committed across a close', async () => {
    const dir = tempDir();
    let handle = await openDatabase({ dataDir: dir, embeddedProcess: true });
    try {
      await handle.db.execute(SETUP);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, name) values (1, 'kept')`);
        await tx
          .transaction(async (inner) => {
            await inner.execute(sql`insert into things (id, name) values (2, 'savepoint rolled back')`);
            throw new Error('inner');
          })
          .catch(() => undefined);
        await tx.execute(sql`insert into things (id, name) values (3, 'kept too')`);
      });
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into things (id, name) values (4, 'rolled back')`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // a statement that fails inside a transaction rolls all of it back
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into things (id, name) values (5, 'rolled back with the error')`);
          await tx.execute(sql`insert into things (id, name) values (6, 'kept')`);
        }),
      ).rejects.toMatchObject({ cause: { code: '23505' } });
      // statements from outside wait for an open transaction, as in PGlite itself
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
      const held = handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into things (id, name) values (7, 'seen after commit')`);
        inserted();
        await gate;
      });
      await insertedInTx;
      const outside = rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from things where id = 7`);
      release();
      await held;
      expect((await outside)[0]!.n).toBe(1);
      await handle.close();

      handle = await openDatabase({ dataDir: dir, embeddedProcess: true });
      const rows = await rowsOf<{ id: number; name: string }>(handle.db, sql`select id, name from things order by id`);
      expect(rows).toEqual([
        { id: 1, name: 'kept' },
        { id: 3, name: 'kept too' },
        { id: 7, name: 'seen after commit' },
      ]);
    } finally {
      await handle.close();
    }
  });

  it('delivers notifications to the listener until it stops listening', async () => {
    const handle = await openDatabase({ dataDir: tempDir(), embeddedProcess: true });
    try {
      const heard: string[] = [];
      const stop = await handle.listen('app_changes', (payload) => heard.push(payload), () => undefined);
      await handle.db.execute(sql`select pg_notify('app_changes', 'first')`);
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('app_changes', 'at commit')`);
      });
      await expect.poll(() => heard).toEqual(['first', 'at commit']);
      await stop();
      await handle.db.execute(sql`select pg_notify('app_changes', 'unheard')`);
      await new Promise((r) => setTimeout(r, 100));
      expect(heard).toEqual(['first', 'at commit']);
    } finally {
      await handle.close();
    }
  });

  it('holds the directory: a second opener is refused until the first has closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir, embeddedProcess: true });
    await expect(openDatabase({ dataDir: dir, embeddedProcess: true })).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirectoryInUseError);
    await first.close();
    const second = await openDatabase({ dataDir: dir, embeddedProcess: true });
    expect(await rowsOf<{ cost: string }>(second.db, sql`select current_setting('random_page_cost') as cost`)).toEqual([{ cost: '1.1' }]);
    await second.close();
  });

  it('tells the server when its process stops unasked, and fails every statement after', async () => {
    const dir = tempDir();
    const lost: Error[] = [];
    const handle = await openDatabase({ dataDir: dir, embeddedProcess: true, onEmbeddedProcessLost: (err) => lost.push(err) });
    const client = (handle.db as unknown as { $client: { pid: number } }).$client;
    process.kill(client.pid, 'SIGKILL');
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]!.message).toMatch(/embedded database process stopped \(SIGKILL\)/);
    await expect(handle.db.execute(sql`select 1`)).rejects.toThrow();
    await handle.close();
    // the killed process's lock is stale: the directory opens again at once
    const again = await openDatabase({ dataDir: dir, embeddedProcess: true });
    await again.close();
  });
});
