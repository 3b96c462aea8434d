import { ALL_PERMISSIONS, PERMISSIONS } from '@orchard/shared/core';
import { FARM_SETUP_PATHS } from '@orchard/shared/farm-setup';
import {
  ORGANIZATION_ONBOARDING_MESSAGES as M,
  ORGANIZATION_ONBOARDING_PATHS as PATHS,
  type CreateOrganizationBody,
} from '@orchard/shared/organizations';
import { SHELL_PATHS } from '@orchard/shared/shell';
import { SPRAY_PATHS, type SprayProduct } from '@orchard/shared/spray';
import { USER_MESSAGES } from '@orchard/shared/users';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { addMember, createOrganization, createRole, createUser } from '../../../test/helpers/fixtures';
import {
  areas,
  farms,
  legalEntities,
  memberships,
  organizations,
  provinces,
  regions,
  mailOutbox,
  passwordResetTokens,
  rolePermissions,
  roles,
  userFarms,
  userRoles,
  users,
  auditEntries,
} from '../../db/schema/index';

describe('organisation onboarding API: Create New Organization', () => {
  let t: TestApp;
  let source: number;
  /** a super user, member of the source organisation */
  let superUser: number;
  /** the source's Administrator: every permission there, not a super user */
  let orgAdmin: number;
  /** a super user who belongs to no organisation yet */
  let chosen: number;
  /** a disabled super user */
  let disabled: number;
  /** an enabled user who is no super user */
  let plainUser: number;
  let region: number;
  let otherRegion: number;
  let area: number;
  let province: number;
  let sourceLegalEntity: number;
  let n = 0;
  const unique = (prefix: string) => `${prefix} ${++n}`;

  const call = async (who: number, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.headersFor(who, source), ...(payload ? { payload } : {}) });

  const farm = (name: string) => ({
    farm_Name: name,
    farm_Area: area,
    farm_Region: region,
    farm_Province: province,
    farm_Lat: -32.45,
    farm_Long: 18.97,
    auto_Schedule: true,
    block_Daily_Auto: false,
    public_Holidays: true,
  });

  const draft = (name = unique('Cederberg Citrus')): CreateOrganizationBody => ({
    organization_Name: name,
    organization_Level: 2,
    organization_Legal_Entity: { id: 0, name: `${name} (Pty) Ltd` },
    copy_Organization_Source: source,
    copy_Spray_Products: true,
    contact_Name: 'Anna',
    contact_Surname: 'Smit',
    contact_Email: 'anna@example.test',
    contact_Phone_Number: '021 000 0000',
    super_Users: [chosen],
    farms: [farm(`${name} Noord`), { ...farm(`${name} Suid`), saturdays: false, site_Type: 2 }],
  });

  /** Nothing of an organisation of that name was saved. */
  const expectNothingSaved = async (name: string) => {
    expect(await t.db.select().from(organizations).where(eq(organizations.name, name))).toEqual([]);
    expect(await t.db.select().from(legalEntities).where(sql`${legalEntities.name} like ${`${name}%`}`)).toEqual([]);
    expect(await t.db.select().from(farms).where(sql`${farms.farmName} like ${`${name}%`}`)).toEqual([]);
    expect(await t.db.select().from(auditEntries).where(eq(auditEntries.entityLabel, name))).toEqual([]);
  };
  const counts = async () => ({
    organizations: (await t.db.select().from(organizations)).length,
    roles: (await t.db.select().from(roles)).length,
    memberships: (await t.db.select().from(memberships)).length,
    farms: (await t.db.select().from(farms)).length,
    legalEntities: (await t.db.select().from(legalEntities)).length,
  });

  beforeAll(async () => {
    t = await createTestApp();
    source = (await createOrganization(t.db, 'Onboarding Source')).id;
    const all = await createRole(t.db, source, 'Everything', ALL_PERMISSIONS);
    // the source's Administrator lacks a permission: the copy holds every one
    await createRole(t.db, source, 'Administrator', [PERMISSIONS.usersView], { description: 'Runs it', defaultLandingPage: 'users' });
    await createRole(t.db, source, 'Scout', [PERMISSIONS.scoutingView, PERMISSIONS.dashboardPest], { defaultLandingPage: 'dashboard' });
    superUser = (await createUser(t.db, 'onboarding-super', { isSuperUser: true })).id;
    await addMember(t.db, superUser, source, [all.id]);
    orgAdmin = (await createUser(t.db, 'onboarding-org-admin')).id;
    await addMember(t.db, orgAdmin, source, [all.id]);
    chosen = (await createUser(t.db, 'onboarding-chosen', { isSuperUser: true, fullName: 'Johanna Platform' })).id;
    disabled = (await createUser(t.db, 'onboarding-disabled', { isEnabled: false, isSuperUser: true })).id;
    plainUser = (await createUser(t.db, 'onboarding-plain', { fullName: 'Johan Plain' })).id;
    region = (await t.db.insert(regions).values({ regionName: 'Onboarding Olifants River' }).returning())[0]!.id;
    otherRegion = (await t.db.insert(regions).values({ regionName: 'Onboarding Letaba' }).returning())[0]!.id;
    area = (await t.db.insert(areas).values({ areaName: 'Onboarding Citrusdal', regionId: region }).returning())[0]!.id;
    await t.db.insert(areas).values({ areaName: 'Onboarding Letsitele', regionId: otherRegion });
    province = (await t.db.insert(provinces).values({ provinceName: 'Onboarding Western Cape' }).returning())[0]!.id;
    sourceLegalEntity = (await t.db.insert(legalEntities).values({ organizationId: source, name: 'Source Estates' }).returning())[0]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('reference lists', () => {
    it('answers the levels and site types the migrations keep (site type 1 first), with or without an organisation header', async () => {
      const levels = await call(superUser, 'GET', PATHS.levels);
      expect(levels.statusCode).toBe(200);
      expect(levels.json().result).toEqual([
        { id: 1, level_Name: 'Enterprise' },
        { id: 2, level_Name: 'Standard' },
        { id: 3, level_Name: 'Basic' },
      ]);
      const siteTypes = await t.app.inject({ method: 'GET', url: PATHS.siteTypes, headers: await t.bearer(superUser) });
      expect(siteTypes.statusCode).toBe(200);
      expect(siteTypes.json().result[0]).toEqual({ id: 1, description: 'Block' });
    });

    it('answers regions, provinces, areas (filtered by region), legal entities and copy sources', async () => {
      expect((await call(superUser, 'GET', PATHS.regions)).json().result).toEqual(
        expect.arrayContaining([{ id: region, region_Name: 'Onboarding Olifants River' }]),
      );
      expect((await call(superUser, 'GET', PATHS.provinces)).json().result).toEqual(
        expect.arrayContaining([{ id: province, province_Name: 'Onboarding Western Cape' }]),
      );
      const filtered = (await call(superUser, 'GET', `${PATHS.areas}?region=${region}`)).json().result as { region: number }[];
      expect(filtered).toEqual([{ id: area, area_Name: 'Onboarding Citrusdal', region }]);
      const every = (await call(superUser, 'GET', PATHS.areas)).json().result as { region: number }[];
      expect(new Set(every.map((a) => a.region))).toEqual(new Set([region, otherRegion]));
      expect((await call(superUser, 'GET', PATHS.legalEntities)).json().result).toEqual(
        expect.arrayContaining([{ id: sourceLegalEntity, name: 'Source Estates' }]),
      );
      // with the names of the roles a copy starts with, in the order they are copied
      expect((await call(superUser, 'GET', PATHS.copySources)).json().result).toEqual(
        expect.arrayContaining([{ id: source, name: 'Onboarding Source', roles: ['Everything', 'Administrator', 'Scout'] }]),
      );
      // the source keeps no spray products or export markets yet: nothing to copy
      expect((await call(superUser, 'GET', `${PATHS.sprayProducts}?source=${source}`)).json()).toEqual({
        available: false,
        copy_Spray_Products: false,
      });
    });

    it('adds a region, an area in a region and a province; the same name again (any case) answers the one already there, adding nothing', async () => {
      const added = await call(superUser, 'POST', PATHS.regions, { region_Name: '  Gamtoos  ' });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json()).toEqual({ id: expect.any(Number), region_Name: 'Gamtoos' });
      const placesBefore = {
        regions: (await t.db.select().from(regions)).length,
        areas: (await t.db.select().from(areas)).length,
        provinces: (await t.db.select().from(provinces)).length,
      };
      // an attempt that was never saved, started again: the same region is offered back, not refused
      const again = await call(superUser, 'POST', PATHS.regions, { region_Name: ' GAMTOOS' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(added.json());
      expect((await t.db.select().from(regions)).length).toBe(placesBefore.regions);

      const newArea = await call(superUser, 'POST', PATHS.areas, { area_Name: 'Patensie', region: added.json().id });
      expect(newArea.statusCode, newArea.body).toBe(201);
      expect(newArea.json()).toEqual({ id: expect.any(Number), area_Name: 'Patensie', region: added.json().id });
      const areaAgain = await call(superUser, 'POST', PATHS.areas, { area_Name: 'patensie', region: added.json().id });
      expect(areaAgain.statusCode).toBe(200);
      expect(areaAgain.json()).toEqual(newArea.json());
      // the same name in another region is another area
      const elsewhere = await call(superUser, 'POST', PATHS.areas, { area_Name: 'Patensie', region });
      expect(elsewhere.statusCode).toBe(201);
      expect(elsewhere.json().id).not.toBe(newArea.json().id);

      const newProvince = await call(superUser, 'POST', PATHS.provinces, { province_Name: 'Eastern Cape' });
      expect(newProvince.statusCode).toBe(201);
      expect(newProvince.json()).toEqual({ id: expect.any(Number), province_Name: 'Eastern Cape' });
      const provinceAgain = await call(superUser, 'POST', PATHS.provinces, { province_Name: 'eastern cape' });
      expect(provinceAgain.statusCode).toBe(200);
      expect(provinceAgain.json()).toEqual(newProvince.json());
      expect((await t.db.select().from(areas)).length).toBe(placesBefore.areas + 2);
      expect((await t.db.select().from(provinces)).length).toBe(placesBefore.provinces + 1);
    });

    it('a new area needs a region that exists; names may not be blank', async () => {
      const before = (await t.db.select().from(areas)).length;
      expect((await call(superUser, 'POST', PATHS.areas, { area_Name: 'Nowhere' })).statusCode).toBe(400);
      const unknown = await call(superUser, 'POST', PATHS.areas, { area_Name: 'Nowhere', region: 999_999 });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(M.regionUnknown);
      const blank = await call(superUser, 'POST', PATHS.regions, { region_Name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.message).toBe(M.nameRequired);
      // a name over the length is refused with its message, not cut
      const long = await call(superUser, 'POST', PATHS.regions, { region_Name: 'x'.repeat(201) });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.details).toEqual([expect.objectContaining({ field: 'region_Name', message: M.placeNameLength })]);
      expect((await t.db.select().from(regions).where(sql`${regions.regionName} like 'xxxx%'`)).length).toBe(0);
      expect((await t.db.select().from(areas)).length).toBe(before);
    });
  });

  describe('super users only', () => {
    // every route on these paths (the organisations list answers GET on the create path: not ours)
    const onboardingRoutes = () =>
      t.app.routeInventory
        .filter((r) => (Object.values(PATHS) as string[]).includes(r.url) && !(r.method === 'GET' && r.url === PATHS.create))
        .map((r) => ({ method: r.method as 'GET' | 'POST', url: r.url }));

    it("refuses every route (lookups and their add calls, the save) to an organisation's Administrator, and writes nothing", async () => {
      expect(onboardingRoutes()).toHaveLength(13);
      const before = await counts();
      const regionsBefore = (await t.db.select().from(regions)).length;
      const bodies: Record<string, object> = {
        [PATHS.regions]: { region_Name: 'Refused region' },
        [PATHS.areas]: { area_Name: 'Refused area', region },
        [PATHS.provinces]: { province_Name: 'Refused province' },
        [PATHS.create]: draft('Refused Org'),
      };
      for (const r of onboardingRoutes()) {
        for (const who of [orgAdmin, plainUser]) {
          const url = r.url === PATHS.superUsers ? `${r.url}?query=onboarding` : r.url;
          const res = await call(who, r.method, url, r.method === 'POST' ? bodies[r.url] : undefined);
          expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
          expect(res.body).not.toContain('Source Estates');
        }
      }
      expect(await counts()).toEqual(before);
      expect((await t.db.select().from(regions)).length).toBe(regionsBefore);
      await expectNothingSaved('Refused Org');
    });
  });

  describe('Save New Organization: validation in the documented order', () => {
    /** Breaking rules from the last to the first: each added break must be the answer. */
    const STEPS: [string, (d: CreateOrganizationBody) => void, string, string][] = [
      ['a farm without public holidays', (d) => delete d.farms![1]!.public_Holidays, M.publicHolidaysRequired, 'farms.1.public_Holidays'],
      ['a farm without its area', (d) => (d.farms![0]!.farm_Area = 0), M.areaRequired, 'farms.0.farm_Area'],
      ['contact phone number', (d) => (d.contact_Phone_Number = ''), M.contactPhoneNumberRequired, 'contact_Phone_Number'],
      ['contact email', (d) => (d.contact_Email = ' '), M.contactEmailRequired, 'contact_Email'],
      ['contact surname', (d) => delete d.contact_Surname, M.contactSurnameRequired, 'contact_Surname'],
      ['contact name', (d) => (d.contact_Name = null), M.contactNameRequired, 'contact_Name'],
      ['copy organisation source', (d) => (d.copy_Organization_Source = 0), M.copyOrganizationSourceRequired, 'copy_Organization_Source'],
      ['legal entity', (d) => (d.organization_Legal_Entity = null), M.legalEntityRequired, 'organization_Legal_Entity'],
      ['organisation level', (d) => (d.organization_Level = 0), M.organizationLevelRequired, 'organization_Level'],
      ['organisation name', (d) => (d.organization_Name = ''), M.organizationNameRequired, 'organization_Name'],
      ['farms', (d) => (d.farms = []), M.farmsRequired, 'farms'],
    ];
    const cases = STEPS.map((s, i) => [s[0], STEPS.slice(0, i + 1), s[2], s[3]] as const);

    it.each(cases)("%s: 400 with the rule's text, nothing saved", async (_name, steps, message, field) => {
      const d = draft();
      const name = d.organization_Name!;
      for (const [, breakIt] of steps) breakIt(d);
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field, message })]);
      await expectNothingSaved(name);
    });

    it.each([
      ['an unknown level', (d: CreateOrganizationBody): void => {
        d.organization_Level = 99;
      }, M.levelUnknown],
      ['an unknown legal entity to start from', (d: CreateOrganizationBody): void => {
        d.organization_Legal_Entity = { id: 999_999 };
      }, M.legalEntityUnknown],
      ['an unknown organisation to copy', (d: CreateOrganizationBody): void => {
        d.copy_Organization_Source = 999_999;
      }, M.copySourceUnknown],
      ['a disabled super user', (d: CreateOrganizationBody): void => {
        d.super_Users = [chosen, disabled];
      }, M.superUserUnknown],
      ['an unknown super user', (d: CreateOrganizationBody): void => {
        d.super_Users = [999_999];
      }, M.superUserUnknown],
      ['a chosen user who is not a super user', (d: CreateOrganizationBody): void => {
        d.super_Users = [chosen, plainUser];
      }, M.superUserUnknown],
      ['an area of another region', (d: CreateOrganizationBody): void => {
        d.farms![1]!.farm_Region = otherRegion;
      }, M.areaNotInRegion],
      ['an unknown province', (d: CreateOrganizationBody): void => {
        d.farms![0]!.farm_Province = 999_999;
      }, M.provinceUnknown],
      ['an unknown site type', (d: CreateOrganizationBody): void => {
        d.farms![0]!.site_Type = 999;
      }, M.siteTypeUnknown],
      ["a farm of another legal entity", (d: CreateOrganizationBody): void => {
        d.farms![0]!.farm_Legal_Entity = sourceLegalEntity;
      }, M.farmLegalEntityMismatch],
    ] as const)('after the draft rules, what the ids name: %s is 400, nothing saved', async (_name, breakIt, message) => {
      const d = draft();
      breakIt(d);
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
      await expectNothingSaved(d.organization_Name!);
    });

    it.each([
      ['the organisation name', (d: CreateOrganizationBody): void => {
        d.organization_Name = 'x'.repeat(201);
      }, M.organizationNameLength, 'organization_Name'],
      ['the new legal entity (named after the organisation)', (d: CreateOrganizationBody): void => {
        d.organization_Legal_Entity = { id: 0, name: 'x'.repeat(201) };
      }, M.organizationNameLength, 'organization_Legal_Entity'],
      ['the contact email', (d: CreateOrganizationBody): void => {
        d.contact_Email = `${'x'.repeat(190)}@example.test`;
      }, M.contactEmailLength, 'contact_Email'],
      ["a farm's name", (d: CreateOrganizationBody): void => {
        d.farms![1]!.farm_Name = 'x'.repeat(201);
      }, M.farmNameLength, 'farms.1.farm_Name'],
    ] as const)('%s over its length: 400 with its own message, nothing saved (nothing cut)', async (_name, breakIt, message, field) => {
      const d = draft();
      const name = d.organization_Name!;
      breakIt(d);
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field, message })]);
      await expectNothingSaved(name);
      await expectNothingSaved('x'.repeat(200));
    });

    it('a name already taken (any case) is 409', async () => {
      const res = await call(superUser, 'POST', PATHS.create, draft('ONBOARDING SOURCE'));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(M.organizationNameTaken);
    });
  });

  describe('saving', () => {
    it('saves the organisation, legal entity, contact, farms, copied roles and super-user memberships', async () => {
      const d = draft();
      const name = d.organization_Name!;
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      const [org] = await t.db.select().from(organizations).where(eq(organizations.id, created.id));
      expect(org).toMatchObject({
        name,
        organizationLevel: 2,
        contactName: 'Anna',
        contactSurname: 'Smit',
        contactEmail: 'anna@example.test',
        contactPhoneNumber: '021 000 0000',
        copiedFromOrganizationId: source,
        copySprayProducts: true,
        isActive: true,
      });
      const [le] = await t.db.select().from(legalEntities).where(eq(legalEntities.organizationId, created.id));
      expect(le).toMatchObject({ name: `${name} (Pty) Ltd` });
      expect(org!.defaultLegalEntityId).toBe(le!.id);
      expect(created.legalEntity).toEqual({ id: le!.id, name: le!.name });

      const savedFarms = await t.db.select().from(farms).where(eq(farms.organizationId, created.id)).orderBy(asc(farms.id));
      expect(savedFarms).toHaveLength(2);
      expect(savedFarms[0]).toMatchObject({
        farmName: `${name} Noord`,
        legalEntityId: le!.id,
        areaId: area,
        regionId: region,
        provinceId: province,
        lat: -32.45,
        lng: 18.97,
        autoSchedule: true,
        blockDailyAuto: false,
        publicHolidays: true,
        // the new-farm defaults
        saturdays: true,
        sundays: true,
        maxObservationPoints: 0,
        observationSites: 0,
        siteTypeId: 1,
      });
      expect(savedFarms[1]).toMatchObject({ saturdays: false, siteTypeId: 2 });

      // the copied roles belong to the new organisation, with their permissions and landing pages
      const copied = await t.db.select().from(roles).where(eq(roles.organizationId, created.id)).orderBy(asc(roles.id));
      expect(copied.map((r) => r.name)).toEqual(['Everything', 'Administrator', 'Scout']);
      const permissionsOf = async (roleId: number) =>
        (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((p) => p.permission).sort();
      const scout = copied.find((r) => r.name === 'Scout')!;
      expect(scout.defaultLandingPage).toBe('dashboard');
      expect(await permissionsOf(scout.id)).toEqual([PERMISSIONS.dashboardPest, PERMISSIONS.scoutingView].sort());
      const administrator = copied.find((r) => r.name === 'Administrator')!;
      expect(administrator).toMatchObject({ description: 'Runs it', defaultLandingPage: 'users' });
      expect(await permissionsOf(administrator.id)).toEqual([...ALL_PERMISSIONS].sort());
      // the source's roles are untouched
      const sourceAdministrator = (await t.db.select().from(roles).where(and(eq(roles.organizationId, source), eq(roles.name, 'Administrator'))))[0]!;
      expect(await permissionsOf(sourceAdministrator.id)).toEqual([PERMISSIONS.usersView]);
      expect((await t.db.select().from(roles).where(eq(roles.organizationId, source))).length).toBe(3);

      // the audit trail of the new organisation starts with its creation, by the super user
      const [audit] = await t.db.select().from(auditEntries).where(eq(auditEntries.organizationId, created.id));
      expect(audit).toMatchObject({ area: 'organizations', action: 'create', entityLabel: name, actorUserId: superUser, actorIsSuperUser: true });
      expect(audit!.changes.name).toEqual({ before: null, after: name });
      expect(audit!.changes.farms).toEqual({ before: null, after: [`${name} Noord`, savedFarms[1]!.farmName] });

      // the creator and the chosen super user are members holding Administrator
      const members = await t.db.select().from(memberships).where(eq(memberships.organizationId, created.id));
      expect(members.map((m) => m.userId).sort((a, b) => a - b)).toEqual([superUser, chosen].sort((a, b) => a - b));
      const held = await t.db.select().from(userRoles).where(eq(userRoles.organizationId, created.id));
      expect(held.map((h) => [h.userId, h.roleId]).sort()).toEqual([[superUser, administrator.id], [chosen, administrator.id]].sort());
      expect(created.superUsers.sort()).toEqual([superUser, chosen].sort());

      // so it appears in their organisation switcher, and they can work in it
      for (const who of [superUser, chosen]) {
        const mine = await t.app.inject({ method: 'GET', url: SHELL_PATHS.organizations, headers: await t.bearer(who) });
        expect((mine.json() as { id: number }[]).map((o) => o.id)).toContain(created.id);
      }
      const inside = await t.app.inject({ method: 'GET', url: '/api/roles', headers: await t.headersFor(chosen, created.id) });
      expect(inside.statusCode, inside.body).toBe(200);
      // each of them is assigned every new farm, so farm setup shows them (a farm nobody is assigned to is seen by nobody)
      const farmIds = (created.farms as { id: number }[]).map((f) => f.id).sort((a, b) => a - b);
      expect(farmIds.length).toBeGreaterThan(0);
      for (const who of [superUser, chosen]) {
        const visible = await t.app.inject({ method: 'GET', url: FARM_SETUP_PATHS.farms, headers: await t.headersFor(who, created.id) });
        expect(visible.statusCode, visible.body).toBe(200);
        expect((visible.json() as { id: number }[]).map((f) => f.id).sort((a, b) => a - b)).toEqual(farmIds);
      }
    });

    it('starts from an existing legal entity: a new legal entity of the new organisation with its name', async () => {
      const d = draft();
      d.organization_Legal_Entity = { id: sourceLegalEntity };
      d.farms![0]!.farm_Legal_Entity = sourceLegalEntity;
      d.super_Users = [];
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created.legalEntity.name).toBe('Source Estates');
      expect(created.legalEntity.id).not.toBe(sourceLegalEntity);
      const [le] = await t.db.select().from(legalEntities).where(eq(legalEntities.id, created.legalEntity.id));
      expect(le!.organizationId).toBe(created.id);
      expect((await t.db.select().from(legalEntities).where(eq(legalEntities.id, sourceLegalEntity)))[0]!.organizationId).toBe(source);
      expect((await t.db.select().from(farms).where(eq(farms.organizationId, created.id))).every((f) => f.legalEntityId === le!.id)).toBe(true);
      expect((await t.db.select().from(memberships).where(eq(memberships.organizationId, created.id))).map((m) => m.userId)).toEqual([superUser]);
    });

    it('a source without an Administrator role: the new organisation gets one holding every permission', async () => {
      const bare = (await createOrganization(t.db, unique('Bare source'))).id;
      await createRole(t.db, bare, 'Picker', [PERMISSIONS.pickingView]);
      const d = draft();
      d.copy_Organization_Source = bare;
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().roles.map((r: { name: string }) => r.name)).toEqual(['Picker', 'Administrator']);
      const admin = (await t.db.select().from(roles).where(and(eq(roles.organizationId, res.json().id), eq(roles.name, 'Administrator'))))[0]!;
      expect((await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, admin.id))).length).toBe(ALL_PERMISSIONS.length);
    });

    it('a failure half way (copying the roles) leaves nothing behind', async () => {
      const breaking = (await createOrganization(t.db, unique('Breaking source'))).id;
      await createRole(t.db, breaking, 'Copy breaker', [PERMISSIONS.pickingView]);
      // from now on, inserting a role of that name fails: after the organisation, legal entity and farms
      await t.db.execute(sql.raw(`
        create or replace function onboarding_test_break_copy() returns trigger language plpgsql as $$
        begin
          if new.name = 'Copy breaker' then raise exception 'copy step failed'; end if;
          return new;
        end $$`));
      await t.db.execute(sql.raw('create trigger onboarding_test_break_copy before insert on roles for each row execute function onboarding_test_break_copy()'));
      try {
        const before = await counts();
        const d = draft();
        d.copy_Organization_Source = breaking;
        const res = await call(superUser, 'POST', PATHS.create, d);
        expect(res.statusCode, res.body).toBe(500);
        expect(res.body).not.toContain('copy step failed');
        await expectNothingSaved(d.organization_Name!);
        expect(await counts()).toEqual(before);
      } finally {
        await t.db.execute(sql.raw('drop trigger onboarding_test_break_copy on roles'));
        await t.db.execute(sql.raw('drop function onboarding_test_break_copy()'));
      }
    });
  });
  describe('get super users (the Super User search)', () => {
    const search = async (who: number, query: string) => call(who, 'GET', `${PATHS.superUsers}?${new URLSearchParams({ query }).toString()}`);

    it('finds enabled super users by part of the user name or the full name, ignoring case, members of the current organisation included', async () => {
      const byUserName = await search(superUser, 'BOARDING-SU');
      expect(byUserName.statusCode, byUserName.body).toBe(200);
      expect(byUserName.json().result).toEqual([{ id: superUser, fullName: 'onboarding-super Fixture', userName: 'onboarding-super' }]);
      // by part of the full name: the super user found, not the plain user of the same first name, not the disabled one
      const byFullName = (await search(superUser, 'johan')).json().result as { id: number }[];
      expect(byFullName).toEqual([{ id: chosen, fullName: 'Johanna Platform', userName: 'onboarding-chosen' }]);
      const every = (await search(superUser, 'onboarding')).json().result as { id: number }[];
      expect(every.map((u) => u.id).sort((a, b) => a - b)).toEqual([superUser, chosen].sort((a, b) => a - b));
      // wildcards are taken literally
      expect((await search(superUser, '%%%')).json().result).toEqual([]);
    });

    it('asks from 3 characters (400 below), and is refused to everyone but super users', async () => {
      expect((await search(superUser, 'jo')).statusCode).toBe(400);
      expect((await search(superUser, ' jo ')).statusCode).toBe(400);
      for (const who of [orgAdmin, plainUser]) {
        const res = await search(who, 'onboarding');
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('Johanna');
      }
      const anonymous = await t.app.inject({ method: 'GET', url: `${PATHS.superUsers}?query=onboarding` });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('the first administrator, invited with the organisation', () => {
    const invite = (userName: string) => ({ user_Name: userName, email: `${userName}@customer.test`, full_Name: 'Thandi Mokoena' });
    const userNamed = async (userName: string) => (await t.db.select().from(users).where(eq(users.userName, userName)))[0];

    it('a new account holding Administrator in the new organisation only, assigned its farms, with a password-reset link mailed', async () => {
      const d = draft();
      d.first_Administrator = invite('first-admin-1');
      const res = await call(superUser, 'POST', PATHS.create, d);
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      const account = await userNamed('first-admin-1');
      expect(account).toMatchObject({ email: 'first-admin-1@customer.test', fullName: 'Thandi Mokoena', isEnabled: true, isSuperUser: false, lastOrganizationId: created.id });
      expect(created.firstAdministrator).toEqual({ id: account!.id, userName: 'first-admin-1', email: 'first-admin-1@customer.test' });
      // the creator and the chosen super user keep their own memberships; the invited one is not a super user
      expect(created.superUsers.sort()).toEqual([superUser, chosen].sort());

      // a member of the new organisation only, holding its Administrator role only
      expect((await t.db.select().from(memberships).where(eq(memberships.userId, account!.id))).map((m) => m.organizationId)).toEqual([created.id]);
      const held = await t.db.select().from(userRoles).where(eq(userRoles.userId, account!.id));
      const administrator = (await t.db.select().from(roles).where(and(eq(roles.organizationId, created.id), eq(roles.name, 'Administrator'))))[0]!;
      expect(held.map((h) => [h.organizationId, h.roleId])).toEqual([[created.id, administrator.id]]);
      const assigned = (await t.db.select().from(userFarms).where(eq(userFarms.userId, account!.id))).map((f) => f.farmId).sort((a, b) => a - b);
      expect(assigned).toEqual((created.farms as { id: number }[]).map((f) => f.id).sort((a, b) => a - b));

      // the link to choose a password: one usable token, its mail queued to them
      const tokens = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account!.id));
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.usedAt).toBeNull();
      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'first-admin-1@customer.test'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.textBody).toContain(d.organization_Name!);
      expect(mails[0]!.textBody).toMatch(/\/reset-password\?token=\S+/);
      // no password signs them in until they choose one
      const signIn = await t.app.inject({ method: 'POST', url: '/connect/token', payload: { grant_type: 'password', username: 'first-admin-1', password: '' } });
      expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    });

    it("the users' rules: a user name or e-mail address another account signs in with is 409, an invalid one 400; nothing saved", async () => {
      const before = await counts();
      const usersBefore = (await t.db.select().from(users)).length;
      for (const [first, status, field, message] of [
        [{ ...invite('first-admin-2'), user_Name: 'ONBOARDING-PLAIN' }, 409, 'first_Administrator.user_Name', USER_MESSAGES.userNameTaken('ONBOARDING-PLAIN')],
        [{ ...invite('first-admin-2'), email: 'onboarding-plain@example.test' }, 409, 'first_Administrator.email', USER_MESSAGES.emailTaken('onboarding-plain@example.test')],
        [{ ...invite('first-admin-2'), email: 'not-an-address' }, 400, 'first_Administrator.email', USER_MESSAGES.emailInvalid],
        [{ ...invite('first-admin-2'), user_Name: ' ' }, 400, 'first_Administrator.user_Name', USER_MESSAGES.userName],
      ] as const) {
        const d = draft();
        d.first_Administrator = first;
        const res = await call(superUser, 'POST', PATHS.create, d);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.message).toBe(message);
        expect(res.json().error.details).toEqual([expect.objectContaining({ field, message })]);
        await expectNothingSaved(d.organization_Name!);
      }
      expect(await counts()).toEqual(before);
      expect((await t.db.select().from(users)).length).toBe(usersBefore);
    });

    it('one transaction: the invitation failing saves no organisation, the organisation failing saves no account', async () => {
      // inserting the account of that user name fails: after the organisation, its farms and roles
      await t.db.execute(sql.raw(`
        create or replace function onboarding_test_break_invite() returns trigger language plpgsql as $$
        begin
          if new.user_name = 'first-admin-breaks' then raise exception 'invite step failed'; end if;
          return new;
        end $$`));
      await t.db.execute(sql.raw('create trigger onboarding_test_break_invite before insert on users for each row execute function onboarding_test_break_invite()'));
      try {
        const before = await counts();
        const d = draft();
        d.first_Administrator = invite('first-admin-breaks');
        const res = await call(superUser, 'POST', PATHS.create, d);
        expect(res.statusCode, res.body).toBe(500);
        expect(res.body).not.toContain('invite step failed');
        await expectNothingSaved(d.organization_Name!);
        expect(await counts()).toEqual(before);
        expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'first-admin-breaks@customer.test'))).toEqual([]);
      } finally {
        await t.db.execute(sql.raw('drop trigger onboarding_test_break_invite on users'));
        await t.db.execute(sql.raw('drop function onboarding_test_break_invite()'));
      }

      // the organisation's part failing (a farm's insert, before the account): no account either
      await t.db.execute(sql.raw(`
        create or replace function onboarding_test_break_farm() returns trigger language plpgsql as $$
        begin
          if new.farm_name like 'Breaks farm%' then raise exception 'farm step failed'; end if;
          return new;
        end $$`));
      await t.db.execute(sql.raw('create trigger onboarding_test_break_farm before insert on farms for each row execute function onboarding_test_break_farm()'));
      try {
        const before = await counts();
        const d = draft();
        d.farms = [farm('Breaks farm 1')];
        d.first_Administrator = invite('first-admin-3');
        const res = await call(superUser, 'POST', PATHS.create, d);
        expect(res.statusCode, res.body).toBe(500);
        expect(await userNamed('first-admin-3')).toBeUndefined();
        expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'first-admin-3@customer.test'))).toEqual([]);
        await expectNothingSaved(d.organization_Name!);
        expect(await counts()).toEqual(before);
      } finally {
        await t.db.execute(sql.raw('drop trigger onboarding_test_break_farm on farms'));
        await t.db.execute(sql.raw('drop function onboarding_test_break_farm()'));
      }
    });
  });

  describe('copying spray products', () => {
    const productsOf = async (organizationId: number) =>
      (await t.app.inject({ method: 'GET', url: SPRAY_PATHS.products, headers: await t.headersFor(superUser, organizationId) })).json().result as SprayProduct[];
    const marketsOf = async (organizationId: number) =>
      ((await t.app.inject({ method: 'GET', url: SPRAY_PATHS.markets, headers: await t.headersFor(superUser, organizationId) })).json().result as { name: string }[]).map(
        (m) => m.name,
      );

    beforeAll(async () => {
      for (const name of ['EU', 'China']) expect((await call(superUser, 'POST', SPRAY_PATHS.markets, { name })).statusCode).toBe(201);
      const res = await call(superUser, 'POST', SPRAY_PATHS.products, {
        name: 'Onboarding Abamectin',
        registrationNumber: 'L0001',
        formulation: 'EC',
        activeIngredients: [{ name: 'Abamectin', concentration: '18 g/L' }],
        targetPests: ['Citrus thrips'],
        localWithholdingDays: 7,
        marketWithholding: [
          { market: 'EU', days: 14 },
          { market: 'China', days: 21 },
        ],
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('offers the box, ticked, for a source that keeps spray products; not without a source or for an unknown one', async () => {
      expect((await call(superUser, 'GET', `${PATHS.sprayProducts}?source=${source}`)).json()).toEqual({ available: true, copy_Spray_Products: true });
      expect((await call(superUser, 'GET', PATHS.sprayProducts)).json()).toEqual({ available: false, copy_Spray_Products: false });
      expect((await call(superUser, 'GET', `${PATHS.sprayProducts}?source=2147483647`)).json()).toEqual({ available: false, copy_Spray_Products: false });
    });

    it("ticked, the new organisation starts with copies of the source's export markets and products, days per market included", async () => {
      const res = await call(superUser, 'POST', PATHS.create, draft());
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json().id as number;
      expect(await marketsOf(created)).toEqual(['China', 'EU']);
      const [copy] = await productsOf(created);
      const [original] = await productsOf(source);
      expect(copy).toEqual({ ...original, id: copy!.id, version: 1 });
      expect(copy!.id).not.toBe(original!.id);
      expect(copy!.marketWithholding).toEqual([
        { market: 'China', days: 21 },
        { market: 'EU', days: 14 },
      ]);
      // the copies are the new organisation's own: editing them leaves the source's as they were
      const edit = await t.app.inject({
        method: 'PUT',
        url: SPRAY_PATHS.product.replace(':id', String(copy!.id)),
        headers: await t.headersFor(superUser, created),
        payload: { ...copy, localWithholdingDays: 9, marketWithholding: [] },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await productsOf(source))[0]).toEqual(original);
    });

    it('unticked, the new organisation starts without spray products or export markets', async () => {
      const res = await call(superUser, 'POST', PATHS.create, { ...draft(), copy_Spray_Products: false });
      expect(res.statusCode, res.body).toBe(201);
      expect(await productsOf(res.json().id)).toEqual([]);
      expect(await marketsOf(res.json().id)).toEqual([]);
    });
  });
});
