/**
 * Runs only on PostgreSQL (TEST_DATABASE_URL): two transactions recording the same point of one
 * scouting session at once (each another pest) still count the point once in the day's totals.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createPestWorld, type PestWorld } from '../../../test/helpers/pest-world';
import { rowsOf } from '../../db/client';

describe('pest dashboard totals under concurrent writes (PostgreSQL)', () => {
  let t: TestApp;
  let w: PestWorld;
  beforeAll(async () => {
    t = await createTestApp();
    w = await createPestWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const pointsOf = async (sessionId: number) => {
    const [row] = await rowsOf<{ stored: number; recount: number }>(
      t.db,
      sql`select d.points as stored,
            (select count(distinct o.point_number)::int from scouting_observations o join scouting_sessions x on x.id = o.session_id
              where x.organization_id = d.organization_id and x.farm_block_id = d.farm_block_id and pest_local_day(x.started_at) = d.day) as recount
          from scouting_sessions s join scouting_day_totals d
            on d.organization_id = s.organization_id and d.farm_block_id = s.farm_block_id and d.day = pest_local_day(s.started_at)
          where s.id = ${sessionId}`,
    );
    return row!;
  };

  it('counts a point recorded by two transactions at once only once', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const sessionId = w.sessions.s0;
    const [{ point }] = (await rowsOf<{ point: number }>(t.db, sql`select coalesce(max(point_number), 0)::int + 1 as point from scouting_observations`)) as [
      { point: number },
    ];
    const before = await pointsOf(sessionId);
    expect(before.stored).toBe(before.recount);

    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(`insert into scouting_observations (session_id, point_number, pest, count) values ($1, $2, 'red-scale', 1)`, [sessionId, point]);
      // the second waits for the first to finish (or, without that, counts the point as new too)
      const racing = second.query(`insert into scouting_observations (session_id, point_number, pest, count) values ($1, $2, 'mealybug', 2)`, [sessionId, point]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('commit');
      await racing;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    const after = await pointsOf(sessionId);
    expect(after.recount).toBe(before.recount + 1);
    expect(after.stored).toBe(after.recount);
  });
});
