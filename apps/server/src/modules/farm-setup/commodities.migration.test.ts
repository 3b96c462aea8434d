/**
 * The commodities migration builds the list from the citrus commodities and those the varieties
 * already name: spellings that differ only in case or surrounding spaces become one commodity,
 * its varieties take that spelling, and from then on a variety names a commodity of the list.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { findMigrationsFolder } from '../../db/migrate';
import { commodities, varieties } from '../../db/schema/index';

const statements = readFileSync(join(findMigrationsFolder(), '0017_commodities.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

describe('commodities migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gathers the commodities the varieties name, one per spelling ignoring case and spaces', async () => {
    // the database as it was before the migration: no list, free-text commodities
    await t.db.execute(sql`alter table varieties drop constraint varieties_commodity_commodities_name_fk`);
    await t.db.execute(sql`drop table commodities`);
    await t.db.insert(varieties).values([
      { varietyName: 'Navel', commodity: 'Oranges' },
      { varietyName: 'Valencia', commodity: 'oranges ' },
      { varietyName: 'Hass', commodity: 'Avocados' },
      { varietyName: 'Eureka', commodity: 'Lemons' },
    ]);

    for (const statement of statements) await t.db.execute(sql.raw(statement));

    expect((await t.db.select({ name: commodities.name }).from(commodities).orderBy(asc(commodities.name))).map((c) => c.name)).toEqual([
      'Avocados',
      'Grapefruit',
      'Lemons',
      'Oranges',
      'Soft Citrus',
    ]);
    const byName = Object.fromEntries((await t.db.select().from(varieties)).map((v) => [v.varietyName, v.commodity]));
    expect(byName).toEqual({ Navel: 'Oranges', Valencia: 'Oranges', Hass: 'Avocados', Eureka: 'Lemons' });
    await expect(t.db.insert(varieties).values({ varietyName: 'Fuerte', commodity: 'Avocado' })).rejects.toThrow();
  });
});
