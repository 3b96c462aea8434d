/** The picking demo data: what the screens show at the reference date, and the same data every run. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/db';
import { rowsOf, type DbHandle } from '../../db/client';
import { organizations, users } from '../../db/schema/index';
import { SEED_REFERENCE_DATE, seedDemoData, type SeedSummary } from '../../db/seed/index';
import { DEMO_PICKING_PROGRESS_TYPES } from '../../db/seed/parts/picking';
import { getCapacities } from './capacity.service';
import { getPucSchedule, listProgressTypes } from './puc-schedule.service';
import { footerWeeklyTotals } from '@orchard/shared/picking';
import { windowFor } from './picking-shared';
import { getSchedulePage, loadScheduleRows } from './schedule.service';

const REFERENCE_DAY = '2025-06-30';

async function fingerprint(handle: DbHandle) {
  const [row] = await rowsOf<Record<string, string>>(
    handle.db,
    sql`select
      (select md5(string_agg(concat_ws('|', id, organization_id, puc_id, variety_id, packhouse_id, estimated_first_week, expected_projected_tonnes, first_projected_tonnes, avg_bin_weight), ',' order by id)) from picking_estimates) as rows,
      (select md5(string_agg(concat_ws('|', picking_estimate_id, year, week, bin_count, updated_by, updated_at), ',' order by id)) from picking_estimate_weeks) as weeks,
      (select md5(string_agg(concat_ws('|', packhouse_id, year, week, capacity), ',' order by id)) from packhouse_capacities) as capacities,
      (select md5(string_agg(concat_ws('|', puc_id, variety_id, date, bins, packhouse_id, picking_progress_id), ',' order by id)) from fruit_bin_estimates) as cells`,
  );
  return row!;
}

describe('picking demo data', () => {
  let handle: DbHandle;
  let summary: SeedSummary;
  let orgId: Map<string, number>;
  /** a demo user in an organisation, as the schedules see the caller */
  const viewer = async (userName: string, organizationName: string) => {
    const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.userName, userName));
    return { userId: user!.id, organizationId: orgId.get(organizationName)! };
  };

  beforeAll(async () => {
    handle = await createTestDatabase();
    summary = await seedDemoData(handle, { referenceDate: SEED_REFERENCE_DATE });
    const orgs = await handle.db.select({ id: organizations.id, name: organizations.name }).from(organizations);
    orgId = new Map(orgs.map((o) => [o.name, o.id]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('writes progress types, rows with weeks, 21 weeks of capacity for 3 packhouses and daily cells', async () => {
    expect(summary.counts.picking_progress_types).toBe(DEMO_PICKING_PROGRESS_TYPES.length);
    expect(summary.counts.picking_estimates).toBeGreaterThan(30);
    expect(summary.counts.picking_estimate_weeks).toBeGreaterThan(summary.counts.picking_estimates!);
    expect(summary.counts.packhouse_capacities).toBe(3 * 21);
    expect(summary.counts.fruit_bin_estimates).toBeGreaterThan(100);
    expect((await listProgressTypes(handle.db)).map((p) => p.picking_Progress_Type)).toEqual([...DEMO_PICKING_PROGRESS_TYPES]);
  });

  it("fills the grower's producer view, the packhouse organisation's view and capacity at the reference date", async () => {
    const grower = orgId.get('Citrus Valley Growers')!;
    const packers = orgId.get('Sundays River Packers')!;
    const admin = await viewer('admin', 'Citrus Valley Growers');
    const packhouseUser = await viewer('packhouse', 'Sundays River Packers');
    const query = { page: 1, pageSize: 100 };
    const producer = await getSchedulePage(handle.db, admin, 'producer', query, REFERENCE_DAY);
    expect(producer.total).toBe(summary.counts.picking_estimates);
    expect(producer.rows.filter((r) => r.weeks.length > 0).length).toBeGreaterThan(producer.rows.length / 2);
    expect(producer.rows.some((r) => r.actuals.length > 0)).toBe(true);
    expect(producer.footer.some((f) => f.total > 0)).toBe(true);
    expect(producer.rows.every((r) => r.legalEntityName && r.region && r.affiliation)).toBe(true);

    // the packhouse user has no farm in the grower: rows addressed to their packhouses show all the same
    const packhouse = await getSchedulePage(handle.db, packhouseUser, 'packhouse', query, REFERENCE_DAY);
    expect(packhouse.total).toBe(producer.total);
    expect((await getSchedulePage(handle.db, packhouseUser, 'producer', query, REFERENCE_DAY)).total).toBe(0);

    // the manager's producer view: the rows of the two Citrusdal farms assigned to them
    const manager = await getSchedulePage(handle.db, await viewer('manager', 'Citrus Valley Growers'), 'producer', query, REFERENCE_DAY);
    expect(manager.total).toBeGreaterThan(0);
    expect(manager.total).toBeLessThan(producer.total);
    expect(new Set(manager.rows.map((r) => r.farmName))).toEqual(new Set(['Kransvlei', 'Goedehoop']));
    expect(manager.total).toBe(producer.rows.filter((r) => ['Kransvlei', 'Goedehoop'].includes(r.farmName)).length);

    const capacity = await getCapacities(handle.db, packers, {}, REFERENCE_DAY);
    expect(capacity.rows).toHaveLength(3);
    for (const row of capacity.rows) {
      expect(Object.values(row.weeks).every((w) => w.capacity !== null && w.capacity > 0 && w.capacity <= 99_999)).toBe(true);
    }
    expect(capacity.rows.some((r) => Object.values(r.weeks).some((w) => w.totalBins > 0))).toBe(true);
    expect((await getCapacities(handle.db, grower, {}, REFERENCE_DAY)).rows).toEqual([]);

    const puc = await getPucSchedule(handle.db, admin, { page: 1, pageSize: 30 }, REFERENCE_DAY);
    expect(puc.rows.some((r) => r.cells.some((c) => c.bins !== null))).toBe(true);
    expect(puc.rows.some((r) => r.estimateTotalTonnes > 0)).toBe(true);
  });

  it("a page's rows and its footer are those of the whole view: weeks and actuals of the page, week totals over every row", async () => {
    const callers = [
      ['producer', await viewer('admin', 'Citrus Valley Growers')],
      ['producer', await viewer('manager', 'Citrus Valley Growers')],
      ['packhouse', await viewer('packhouse', 'Sundays River Packers')],
    ] as const;
    for (const [view, caller] of callers) {
      for (const pagerDate of [undefined, '2025-05-12', '2025-09-01'] as const) {
        const window = windowFor(view, pagerDate, REFERENCE_DAY);
        const all = await loadScheduleRows(handle.db, caller, view, { pagerDate }, window);
        expect(all.length).toBeGreaterThan(0);
        for (const pageSize of [7, 100]) {
          for (let page = 1; (page - 1) * pageSize < all.length; page += 1) {
            const answer = await getSchedulePage(handle.db, caller, view, { pagerDate, page, pageSize }, REFERENCE_DAY);
            expect(answer.total).toBe(all.length);
            expect(answer.rows).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
            expect(answer.footer).toEqual(footerWeeklyTotals(all, window.weeks));
          }
        }
      }
    }
    // the demo data has planned bins in the default window: the footer is not all zeros
    const [view, caller] = callers[0];
    expect((await getSchedulePage(handle.db, caller, view, { page: 1, pageSize: 20 }, REFERENCE_DAY)).footer.some((f) => f.total > 0)).toBe(true);
  });

  it('is the same on every run', async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other, { referenceDate: SEED_REFERENCE_DATE });
      expect(await fingerprint(other)).toEqual(await fingerprint(handle));
    } finally {
      await other.close();
    }
  });
});
