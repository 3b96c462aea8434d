/**
 * Create New Organization: the reference lists, adding a region, area or province, and saving a
 * complete organisation.
 *
 * Saving checks the draft in the documented order (docs/domain.md, Create New Organization; the shared `firstCreateOrganizationProblem`, the
 * same function the browser runs) and answers the first failing text as a 400; then what the ids
 * name (level, legal entity, organisation to copy, super users, each farm's places and site type);
 * then, in ONE transaction: the organisation, its legal entity (new, or started from an existing
 * one's name), its contact, its farms, the source organisation's roles (permissions and landing
 * pages) and an Administrator role holding every permission, when asked the source's export
 * markets and spray products (with their withholding days), the memberships of the creating
 * super user and the chosen super users, holding Administrator, each assigned every new farm (a
 * farm nobody is assigned to is seen by nobody, data-rules/farm-scope), and the invited first
 * administrator: a new account (no usable password) holding Administrator in the new organisation
 * only, with a one-time password-reset link queued for them. Anything failing on the way leaves
 * nothing behind, the account included; the mail is delivered after the commit.
 *
 * Adding a region, area or province answers the one already there (ignoring case; an area within
 * its region) rather than refusing it: these lists are shared by every organisation, so a name added
 * during an attempt that was never saved is simply offered, and chosen, the next time.
 */
import { ALL_PERMISSIONS, isPermission } from '@orchard/shared/core';
import {
  NEW_LEGAL_ENTITY_ID,
  ONBOARDING_ADMINISTRATOR_ROLE,
  ORGANIZATION_ONBOARDING_MESSAGES as M,
  firstCreateOrganizationProblem,
  type AddAreaBody,
  type AddProvinceBody,
  type AddRegionBody,
  type Area,
  type CopySource,
  type CreateOrganizationDraft,
  type CreatedOrganization,
  type OnboardingLegalEntity,
  type OrganizationLevel,
  type Province,
  type Region,
  type SiteType,
  type SprayProductsCopyResponse,
  type SuperUser,
  SUPER_USER_SEARCH_MAX_RESULTS,
  isFirstAdministratorInvited,
} from '@orchard/shared/organizations';
import { randomBytes } from 'node:crypto';
import { USER_MESSAGES } from '@orchard/shared/users';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import { recordAudit, type AuditActor } from '../audit-trail/index';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, conflict, validationFailed } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { deliverMail } from '../mail/index';
import { queueResetLink } from '../password-reset/index';
import { copySprayData, hasSprayData } from '../spray/index';
import { insertUser, isSignInNameTaken, isUserNameIndexViolation } from '../users/index';
import {
  activeOrganizationExists,
  areaNamed,
  areasByIds,
  enabledSuperUserIds,
  existingProvinceIds,
  existingRegionIds,
  existingSiteTypeIds,
  findLegalEntity,
  findSourceRoles,
  insertArea,
  insertFarms,
  insertLegalEntity,
  insertMembers,
  insertOrganization,
  insertProvince,
  insertRegion,
  insertRole,
  insertRolePermissions,
  levelExists,
  listAllLegalEntities,
  listAreas,
  listCopySources,
  listLevels,
  listProvinces,
  listRegions,
  listSiteTypes,
  lockPlaces,
  organizationNamed,
  provinceNamed,
  regionExists,
  regionNamed,
  searchSuperUsers,
  setDefaultLegalEntity,
} from './onboarding.repository';

type List<T> = Promise<{ result: T[] }>;

export const getLevels = async (db: AppDb): List<OrganizationLevel> => ({ result: await listLevels(db) });
export const getSiteTypes = async (db: AppDb): List<SiteType> => ({ result: await listSiteTypes(db) });
export const getRegions = async (db: AppDb): List<Region> => ({ result: await listRegions(db) });
export const getAreas = async (db: AppDb, regionId?: number): List<Area> => ({ result: await listAreas(db, regionId) });
export const getProvinces = async (db: AppDb): List<Province> => ({ result: await listProvinces(db) });
export const getLegalEntities = async (db: AppDb): List<OnboardingLegalEntity> => ({ result: await listAllLegalEntities(db) });
export const getCopySources = async (db: AppDb): List<CopySource> => ({ result: await listCopySources(db) });
export const getSuperUsers = async (db: AppDb, query: string): List<SuperUser> => ({
  result: await searchSuperUsers(db, query, SUPER_USER_SEARCH_MAX_RESULTS),
});

/**
 * Whether the chosen source keeps spray products or export markets to copy: the box is offered,
 * and starts ticked, only then. No source, or one that is not an active organisation, has none.
 */
export async function getSprayProductsCopy(db: AppDb, sourceId: number | undefined): Promise<SprayProductsCopyResponse> {
  const available = sourceId !== undefined && (await activeOrganizationExists(db, sourceId)) && (await hasSprayData(db, sourceId));
  return { available, copy_Spray_Products: available };
}

const invalid = (field: string, message: string) => validationFailed(message, [{ field, message }]);

function requiredName(field: string, value: string): string {
  const name = value.trim();
  if (name === '') throw invalid(field, M.nameRequired);
  return name;
}

/** A place added, or the one of that name already there. */
export interface AddedPlace<T> {
  place: T;
  created: boolean;
}

/** Adds to a reference list; a name already there (ignoring case) answers that one, not a second. */
async function addPlace<T>(
  db: AppDb,
  table: 'regions' | 'areas' | 'provinces',
  existing: (db: AppDb) => Promise<T | null>,
  insert: (tx: AppDb) => Promise<T>,
): Promise<AddedPlace<T>> {
  try {
    return await db.transaction(async (tx) => {
      await lockPlaces(tx, table);
      const found = await existing(tx);
      return found ? { place: found, created: false } : { place: await insert(tx), created: true };
    });
  } catch (err) {
    // another add of the same name (a second instance) committed first: that one
    const found = isUniqueViolation(err) ? await existing(db) : null;
    if (found) return { place: found, created: false };
    throw err;
  }
}

export async function addRegion(db: AppDb, body: AddRegionBody): Promise<AddedPlace<Region>> {
  const name = requiredName('region_Name', body.region_Name);
  return addPlace(db, 'regions', (tx) => regionNamed(tx, name), (tx) => insertRegion(tx, name));
}

export async function addArea(db: AppDb, body: AddAreaBody): Promise<AddedPlace<Area>> {
  const name = requiredName('area_Name', body.area_Name);
  if (!(await regionExists(db, body.region))) throw invalid('region', M.regionUnknown);
  return addPlace(db, 'areas', (tx) => areaNamed(tx, body.region, name), (tx) => insertArea(tx, body.region, name));
}

export async function addProvince(db: AppDb, body: AddProvinceBody): Promise<AddedPlace<Province>> {
  const name = requiredName('province_Name', body.province_Name);
  return addPlace(db, 'provinces', (tx) => provinceNamed(tx, name), (tx) => insertProvince(tx, name));
}

/** What the draft's ids name, after the draft's rules have passed. Answers the legal entity's name. */
async function checkReferences(db: AppDb, draft: CreateOrganizationDraft, superUserIds: readonly number[]): Promise<string> {
  if (!(await levelExists(db, draft.organization_Level!))) throw invalid('organization_Level', M.levelUnknown);

  const choice = draft.organization_Legal_Entity!;
  let legalEntityName: string;
  if (choice.id === NEW_LEGAL_ENTITY_ID) {
    legalEntityName = choice.name!.trim();
  } else {
    const existing = await findLegalEntity(db, choice.id);
    if (!existing) throw invalid('organization_Legal_Entity', M.legalEntityUnknown);
    legalEntityName = existing.name;
  }

  if (!(await activeOrganizationExists(db, draft.copy_Organization_Source!))) {
    throw invalid('copy_Organization_Source', M.copySourceUnknown);
  }

  const enabled = await enabledSuperUserIds(db, superUserIds);
  if (superUserIds.some((id) => !enabled.has(id))) throw invalid('super_Users', M.superUserUnknown);

  const farms = draft.farms!;
  const areaRegions = await areasByIds(db, farms.map((f) => f.farm_Area!));
  const regionIds = await existingRegionIds(db, farms.map((f) => f.farm_Region!));
  const provinceIds = await existingProvinceIds(db, farms.map((f) => f.farm_Province!));
  const siteTypeIds = await existingSiteTypeIds(db, farms.map((f) => f.site_Type));
  for (const [index, farm] of farms.entries()) {
    const at = (field: string) => `farms.${index}.${field}`;
    if (farm.farm_Legal_Entity !== NEW_LEGAL_ENTITY_ID && farm.farm_Legal_Entity !== choice.id) {
      throw invalid(at('farm_Legal_Entity'), M.farmLegalEntityMismatch);
    }
    const areaRegion = areaRegions.get(farm.farm_Area!);
    if (areaRegion === undefined) throw invalid(at('farm_Area'), M.areaUnknown);
    if (!regionIds.has(farm.farm_Region!)) throw invalid(at('farm_Region'), M.regionUnknown);
    if (areaRegion !== farm.farm_Region) throw invalid(at('farm_Area'), M.areaNotInRegion);
    if (!provinceIds.has(farm.farm_Province!)) throw invalid(at('farm_Province'), M.provinceUnknown);
    if (!siteTypeIds.has(farm.site_Type)) throw invalid(at('site_Type'), M.siteTypeUnknown);
  }
  return legalEntityName;
}

interface Invitation {
  userName: string;
  email: string;
  fullName: string | null;
  /** a password nobody knows: the person chooses theirs through the mailed link */
  passwordHash: string;
}

/** The first administrator to invite (the rules have passed), their sign-in names not taken; null when nobody is invited. */
async function invitation(db: AppDb, draft: CreateOrganizationDraft): Promise<Invitation | null> {
  const first = draft.first_Administrator;
  if (!isFirstAdministratorInvited(first)) return null;
  const userName = first!.user_Name!.trim();
  const email = first!.email!.trim();
  const fullName = first!.full_Name?.trim() || null;
  const at = (field: string) => `first_Administrator.${field}`;
  if (await isSignInNameTaken(db, userName)) throw conflictAt(at('user_Name'), USER_MESSAGES.userNameTaken(userName));
  if (await isSignInNameTaken(db, email)) throw conflictAt(at('email'), USER_MESSAGES.emailTaken(email));
  return { userName, email, fullName, passwordHash: await hashPassword(randomBytes(32).toString('base64url')) };
}

/** 409 naming the field: the sign-in name someone else's account already has. */
const conflictAt = (field: string, message: string) => new AppError('CONFLICT', message, [{ field, message }]);

/** Saves a complete organisation for the creating super user (see the module comment). */
export async function createOrganization(
  db: AppDb,
  config: AppConfig,
  log: FastifyBaseLogger,
  creator: AuditActor,
  draft: CreateOrganizationDraft,
  now = new Date(),
): Promise<CreatedOrganization> {
  const problem = firstCreateOrganizationProblem(draft);
  if (problem) throw invalid(problem.field, problem.message);

  const superUserIds = [...new Set([creator.userId, ...draft.super_Users])];
  const legalEntityName = await checkReferences(db, draft, draft.super_Users);
  const name = draft.organization_Name!.trim();
  if (await organizationNamed(db, name)) throw conflict(M.organizationNameTaken);
  const invite = await invitation(db, draft);
  const sourceId = draft.copy_Organization_Source!;

  let mailId: number | null = null;
  try {
    const created = await db.transaction(async (tx) => {
      const organization = await insertOrganization(tx, {
        name,
        organizationType: 'grower',
        organizationLevel: draft.organization_Level!,
        contactName: draft.contact_Name!.trim(),
        contactSurname: draft.contact_Surname!.trim(),
        contactPhoneNumber: draft.contact_Phone_Number!.trim(),
        contactEmail: draft.contact_Email!.trim(),
        copiedFromOrganizationId: sourceId,
        copySprayProducts: draft.copy_Spray_Products,
      });
      const legalEntity = await insertLegalEntity(tx, organization.id, legalEntityName);
      await setDefaultLegalEntity(tx, organization.id, legalEntity.id);

      const farms = await insertFarms(
        tx,
        draft.farms!.map((f) => ({
          organizationId: organization.id,
          legalEntityId: legalEntity.id,
          farmName: f.farm_Name!.trim(),
          areaId: f.farm_Area!,
          regionId: f.farm_Region!,
          provinceId: f.farm_Province!,
          lat: f.farm_Lat!,
          lng: f.farm_Long!,
          autoSchedule: f.auto_Schedule!,
          blockDailyAuto: f.block_Daily_Auto!,
          publicHolidays: f.public_Holidays!,
          saturdays: f.saturdays,
          sundays: f.sundays,
          maxObservationPoints: f.max_Observation_Points,
          observationSites: f.observation_Sites,
          siteTypeId: f.site_Type,
        })),
      );

      // the source's roles, read inside the transaction; permissions no longer in the catalogue stay behind
      const copied: { id: number; name: string }[] = [];
      let administratorId: number | null = null;
      for (const source of await findSourceRoles(tx, sourceId)) {
        const role = await insertRole(tx, organization.id, source);
        const isAdministrator = role.name.trim().toLowerCase() === ONBOARDING_ADMINISTRATOR_ROLE.toLowerCase();
        // the Administrator role holds every permission, whatever the source's copy lacked
        await insertRolePermissions(tx, role.id, isAdministrator ? ALL_PERMISSIONS : source.permissions.filter(isPermission));
        if (isAdministrator) administratorId = role.id;
        copied.push(role);
      }
      if (administratorId === null) {
        const role = await insertRole(tx, organization.id, { name: ONBOARDING_ADMINISTRATOR_ROLE, description: null, defaultLandingPage: null });
        await insertRolePermissions(tx, role.id, ALL_PERMISSIONS);
        administratorId = role.id;
        copied.push(role);
      }

      // the source's export markets and spray products, when asked
      if (draft.copy_Spray_Products) await copySprayData(tx, sourceId, organization.id);

      const farmIds = farms.map((f) => f.id);
      await insertMembers(tx, organization.id, superUserIds, administratorId, farmIds);

      let firstAdministrator: CreatedOrganization['firstAdministrator'] = null;
      if (invite) {
        const userId = await insertUser(tx, {
          userName: invite.userName,
          email: invite.email,
          passwordHash: invite.passwordHash,
          fullName: invite.fullName,
          jobTitle: null,
          phoneNumber: null,
          isEnabled: true,
          // they sign in to the new organisation: the only one they belong to
          lastOrganizationId: organization.id,
        });
        await insertMembers(tx, organization.id, [userId], administratorId, farmIds);
        mailId = await queueResetLink(
          tx,
          config,
          { userId, email: invite.email, userName: invite.userName, fullName: invite.fullName, keepSessionFamily: null },
          now,
          { kind: 'invitation', organizationName: organization.name },
        );
        firstAdministrator = { id: userId, userName: invite.userName, email: invite.email };
      }

      // recorded in the new organisation: its administrators see how it began
      await recordAudit(tx, creator, {
        organizationId: organization.id,
        area: 'organizations',
        action: 'create',
        entityType: 'organization',
        entityId: organization.id,
        label: organization.name,
        after: {
          name: organization.name,
          organizationLevel: draft.organization_Level,
          contactName: draft.contact_Name!.trim(),
          contactSurname: draft.contact_Surname!.trim(),
          contactPhoneNumber: draft.contact_Phone_Number!.trim(),
          contactEmail: draft.contact_Email!.trim(),
          copiedFromOrganizationId: sourceId,
          legalEntity: legalEntity.name,
          farms: farms.map((f) => f.farm_Name),
          roles: copied.map((r) => r.name),
          superUsers: superUserIds,
          firstAdministrator: firstAdministrator?.userName ?? null,
        },
      });
      return {
        id: organization.id,
        name: organization.name,
        legalEntity,
        farms,
        superUsers: superUserIds,
        firstAdministrator,
        roles: copied,
      };
    });
    if (mailId !== null) await deliverMail(db, config, log, mailId);
    return created;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // another account took the invited user name first (its unique index)
    if (invite && isUserNameIndexViolation(err)) {
      throw conflictAt('first_Administrator.user_Name', USER_MESSAGES.userNameTaken(invite.userName));
    }
    // another save of the same name won the race
    if (isUniqueViolation(err) && (await organizationNamed(db, name))) throw conflict(M.organizationNameTaken);
    throw err;
  }
}
