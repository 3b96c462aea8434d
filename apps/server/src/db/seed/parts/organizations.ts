/** Organisations, their legal entities and farms, and the packhouses they own or use. */
import { eq } from 'drizzle-orm';
import { farms, legalEntities, organizationPackhouses, organizations, packhouses } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_AREAS, DEMO_FARMS, DEMO_ORGANIZATIONS, DEMO_PACKHOUSES, DEMO_REGIONS } from '../data';
import { mustGet } from './places';

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

export const organizationsPart: SeedPart = {
  name: 'organizations',
  async run(ctx) {
    const rng = ctx.rng.fork('organizations');

    const orgRows = await ctx.insertReturning(
      organizations,
      DEMO_ORGANIZATIONS.map((o, i) => ({
        name: o.name,
        sort: o.sort,
        organizationType: o.organizationType,
        organizationLevel: o.organizationLevel,
        defaultCultureName: 'en-ZA',
        contactName: o.contact.name,
        contactSurname: o.contact.surname,
        contactPhoneNumber: o.contact.phone,
        contactEmail: o.contact.email,
        isActive: true,
        createdAt: ctx.daysBefore(900 - i * 30),
      })),
    );
    for (const [i, row] of orgRows.entries()) ctx.ids.organizations.set(DEMO_ORGANIZATIONS[i]!.key, row.id);

    const entityRows = await ctx.insertReturning(
      legalEntities,
      DEMO_ORGANIZATIONS.flatMap((o) =>
        o.legalEntities.map((name) => ({ organizationId: mustGet(ctx.ids.organizations, o.key, 'organisation'), name })),
      ),
    );
    for (const row of entityRows) ctx.ids.legalEntities.set(row.name, row.id);

    for (const o of DEMO_ORGANIZATIONS) {
      const defaultLegalEntityId = mustGet(ctx.ids.legalEntities, o.legalEntities[0], 'legal entity');
      await ctx.tx
        .update(organizations)
        .set({ defaultLegalEntityId })
        .where(eq(organizations.id, mustGet(ctx.ids.organizations, o.key, 'organisation')));
    }

    const farmRows = await ctx.insertReturning(
      farms,
      DEMO_FARMS.map((f) => {
        const area = DEMO_AREAS.find((a) => a.name === f.area);
        if (!area) throw new Error(`Seed data refers to an unknown area: ${f.area}`);
        const region = DEMO_REGIONS.find((r) => r.name === area.region)!;
        return {
          organizationId: mustGet(ctx.ids.organizations, f.organization, 'organisation'),
          legalEntityId: mustGet(ctx.ids.legalEntities, f.legalEntity, 'legal entity'),
          farmName: f.name,
          areaId: mustGet(ctx.ids.areas, area.name, 'area'),
          regionId: mustGet(ctx.ids.regions, region.name, 'region'),
          provinceId: mustGet(ctx.ids.provinces, region.province, 'province'),
          // within about 5 km of the town
          lat: round(area.lat + rng.float(-0.045, 0.045), 5),
          lng: round(area.lng + rng.float(-0.045, 0.045), 5),
          autoSchedule: true,
          blockDailyAuto: rng.chance(0.7),
          publicHolidays: rng.chance(0.3),
          saturdays: rng.chance(0.8),
          sundays: rng.chance(0.15),
          maxObservationPoints: rng.int(4, 12) * 5,
          observationSites: rng.int(4, 12),
          siteTypeId: 1,
        };
      }),
    );
    for (const row of farmRows) ctx.ids.farms.set(row.farmName, row.id);

    const packhouseRows = await ctx.insertReturning(
      packhouses,
      DEMO_PACKHOUSES.map((p) => ({
        name: p.name,
        shortName: p.shortName,
        regionId: mustGet(ctx.ids.regions, p.region, 'region'),
        affiliation: p.affiliation,
        commodity: p.commodity,
        ownerOrganizationId: mustGet(ctx.ids.organizations, p.owner, 'organisation'),
      })),
    );
    for (const row of packhouseRows) ctx.ids.packhouses.set(row.name, row.id);

    await ctx.insert(
      organizationPackhouses,
      DEMO_PACKHOUSES.flatMap((p) =>
        p.linkedTo.map((org) => ({
          organizationId: mustGet(ctx.ids.organizations, org, 'organisation'),
          packhouseId: mustGet(ctx.ids.packhouses, p.name, 'packhouse'),
        })),
      ),
    );
  },
};
