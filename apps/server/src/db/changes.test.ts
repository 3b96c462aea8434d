import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { ACCESS_TABLES, CHANGE_CHANNEL, CHANGE_TRIGGER, accessChangeMark, installChangeNotices, watchChanges } from './changes';
import { rowsOf, type DbHandle } from './client';
import { organizations } from './schema/index';

describe('change notices', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  /** Notices received while `work` runs, counted once a sentinel sent after it has arrived. */
  async function noticesDuring(work: () => Promise<unknown>): Promise<number> {
    let count = 0;
    let sentinel: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (sentinel = resolve));
    const stop = await handle.listen(CHANGE_CHANNEL, (payload) => (payload === 'sentinel' ? sentinel() : (count += 1)), () => undefined);
    try {
      await work();
      await handle.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, 'sentinel')`);
      await arrived;
      return count;
    } finally {
      await stop();
    }
  }

  it('the access tables announce their changes, also in replica mode, and no other table does', async () => {
    const announcing = await rowsOf<{ table: string }>(
      handle.db,
      sql`select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
            and exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = ${CHANGE_TRIGGER} and g.tgenabled = 'A')
          order by 1`,
    );
    expect(announcing.map((r) => r.table)).toEqual([...ACCESS_TABLES].sort());
    // a bin, a capture or a picking row announces nothing, so their writers never queue for the notify lock
    expect(await noticesDuring(() => handle.db.execute(sql`insert into provinces (province_name) values ('Quiet province')`))).toBe(0);
    expect(await noticesDuring(() => handle.db.execute(sql`update organizations set name = name where false`))).toBe(1);
  });

  it('gives an access table its trigger back when installed again, and takes it from a table that is not one', async () => {
    await handle.db.execute(sql`create table change_notice_probe (id int)`);
    await handle.db.execute(
      sql.raw(`create trigger ${CHANGE_TRIGGER} after insert on change_notice_probe for each statement execute function ${CHANGE_TRIGGER}()`),
    );
    await handle.db.execute(sql.raw(`drop trigger ${CHANGE_TRIGGER} on memberships`));
    await installChangeNotices(handle.db);
    await installChangeNotices(handle.db);
    const triggers = await rowsOf<{ table: string; n: number }>(
      handle.db,
      sql`select c.relname as "table", count(g.oid)::int as n from pg_class c left join pg_trigger g on g.tgrelid = c.oid and g.tgname = ${CHANGE_TRIGGER}
          where c.relname in ('change_notice_probe', 'memberships') group by c.relname order by 1`,
    );
    expect(triggers).toEqual([
      { table: 'change_notice_probe', n: 0 },
      { table: 'memberships', n: 1 },
    ]);
    expect(await noticesDuring(() => handle.db.execute(sql`insert into change_notice_probe values (1)`))).toBe(0);
    await handle.db.execute(sql`drop table change_notice_probe`);
  });

  it('counts each statement that changes an access table, and nothing else', async () => {
    const before = await accessChangeMark(handle.db);
    await handle.db.execute(sql`insert into provinces (province_name) values ('Uncounted province')`);
    expect(await accessChangeMark(handle.db)).toBe(before);
    await handle.db.transaction(async (tx) => {
      await tx.insert(organizations).values({ name: 'Counted one', organizationType: 'grower' });
      await tx.insert(organizations).values({ name: 'Counted two', organizationType: 'grower' });
      // seen before the commit: drawing a number waits for nothing and holds no lock
      expect(await accessChangeMark(tx as unknown as typeof handle.db)).toBe(before + 2);
    });
    expect(await accessChangeMark(handle.db)).toBe(before + 2);
  });

  it('announces a committed change once per transaction, and a rolled-back one never', async () => {
    expect(
      await noticesDuring(() =>
        handle.db.transaction(async (tx) => {
          await tx.insert(organizations).values({ name: 'Noticed one', organizationType: 'grower' });
          await tx.insert(organizations).values({ name: 'Noticed two', organizationType: 'grower' });
        }),
      ),
    ).toBe(1);
    expect(
      await noticesDuring(() =>
        handle.db
          .transaction(async (tx) => {
            await tx.insert(organizations).values({ name: 'Never noticed', organizationType: 'grower' });
            throw new Error('roll back');
          })
          .catch(() => undefined),
      ),
    ).toBe(0);
    expect(await noticesDuring(() => handle.db.execute(sql`select count(*) from organizations`))).toBe(0);
  });
});

describe('watchChanges', () => {
  /** A listen() whose connection the test can drop and refuse. */
  function fakeFeed() {
    const feed = {
      refuse: false,
      listening: 0,
      lose: (_err: Error) => undefined as void,
      notify: () => undefined as void,
      listen: vi.fn(async (_channel: string, onNotify: (payload: string) => void, onLost: (err: Error) => void) => {
        if (feed.refuse) throw new Error('refused');
        feed.listening += 1;
        feed.notify = () => onNotify('');
        feed.lose = (err) => {
          feed.listening -= 1;
          onLost(err);
        };
        return async () => {
          feed.listening -= 1;
        };
      }),
    };
    return feed;
  }

  it('reports the feed lost, listens again with a growing delay, and announces a change once back', async () => {
    vi.useFakeTimers();
    try {
      const feed = fakeFeed();
      const onChange = vi.fn();
      const onLost = vi.fn();
      const watch = await watchChanges(feed, { onChange, onLost, retryMs: 100 });
      expect(watch.live).toBe(true);
      feed.notify();
      expect(onChange).toHaveBeenCalledTimes(1);

      feed.refuse = true;
      feed.lose(new Error('connection reset'));
      expect(watch.live).toBe(false);
      expect(onLost).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(100); // first retry: refused
      expect(onLost).toHaveBeenCalledTimes(2);
      expect(watch.live).toBe(false);
      feed.refuse = false;
      await vi.advanceTimersByTimeAsync(150); // the second waits 200 ms
      expect(watch.live).toBe(false);
      await vi.advanceTimersByTimeAsync(50);
      expect(watch.live).toBe(true);
      // whatever was written while nobody listened
      expect(onChange).toHaveBeenCalledTimes(2);

      await watch.close();
      expect(watch.live).toBe(false);
      expect(feed.listening).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails to start when the first listen fails', async () => {
    const feed = fakeFeed();
    feed.refuse = true;
    await expect(watchChanges(feed, { onChange: () => undefined })).rejects.toThrow('refused');
  });
});
