/** Provinces, citrus regions and the towns (areas) inside them. */
import { areas, provinces, regions } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_AREAS, DEMO_PROVINCES, DEMO_REGIONS } from '../data';

export const placesPart: SeedPart = {
  name: 'places',
  async run(ctx) {
    const provinceRows = await ctx.insertReturning(
      provinces,
      DEMO_PROVINCES.map((provinceName) => ({ provinceName })),
    );
    for (const row of provinceRows) ctx.ids.provinces.set(row.provinceName, row.id);

    const regionRows = await ctx.insertReturning(
      regions,
      DEMO_REGIONS.map((r) => ({ regionName: r.name })),
    );
    for (const row of regionRows) ctx.ids.regions.set(row.regionName, row.id);

    const areaRows = await ctx.insertReturning(
      areas,
      DEMO_AREAS.map((a) => ({ areaName: a.name, regionId: mustGet(ctx.ids.regions, a.region, 'region') })),
    );
    for (const row of areaRows) ctx.ids.areas.set(row.areaName, row.id);
  },
};

export function mustGet<K, V>(map: ReadonlyMap<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Seed data refers to an unknown ${what}: ${String(key)}`);
  return value;
}
