/** The signed-in user's own shell data: who they are, where they belong, what they hold there. */
import type { CurrentUser, Organization, UserFarm, UserRole } from '@orchard/shared/shell';
import type { AppDb } from '../../db/client';
import { notFound, unauthenticated } from '../../lib/errors';
import { isActiveMember } from '../../plugins/access.repository';
import {
  findMemberOrganizationByName,
  findMemberOrganizations,
  findUserById,
  findUserFarms,
  findUserRoles,
  updateLastOrganization,
  type OrganizationRow,
} from './me.repository';

export async function getCurrentUser(db: AppDb, userId: number, now = new Date()): Promise<CurrentUser> {
  const user = await findUserById(db, userId);
  // The access plugin has just checked the user exists; a delete in between is a lost session.
  if (!user) throw unauthenticated();
  return {
    id: user.id,
    userName: user.userName,
    email: user.email,
    fullName: user.fullName,
    jobTitle: user.jobTitle,
    phoneNumber: user.phoneNumber,
    avatar: user.avatarBlobId,
    isEnabled: user.isEnabled,
    isLockedOut: user.lockoutEnd !== null && user.lockoutEnd.getTime() > now.getTime(),
    isSuperUser: user.isSuperUser,
    last_Organization: user.lastOrganizationId,
  };
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    sort: row.sort,
    organization_Type: row.organizationType,
    default_Culture_Name: row.defaultCultureName,
    logo: row.logoBlobId,
  };
}

export async function listMyOrganizations(db: AppDb, userId: number): Promise<Organization[]> {
  return (await findMemberOrganizations(db, userId)).map(toOrganization);
}

export async function getMyOrganizationByName(db: AppDb, userId: number, name: string): Promise<Organization> {
  const row = await findMemberOrganizationByName(db, userId, name);
  if (!row) throw notFound('Organization');
  return toOrganization(row);
}

/** Remembers the organisation the user works in; one they do not belong to looks nonexistent. */
export async function setDefaultOrganization(db: AppDb, userId: number, organizationId: number): Promise<void> {
  if (!(await isActiveMember(db, userId, organizationId))) throw notFound('Organization');
  await updateLastOrganization(db, userId, organizationId);
}

export function listMyPermissions(permissions: ReadonlySet<string>): string[] {
  return [...permissions].sort();
}

export async function listMyFarms(db: AppDb, userId: number, organizationId: number): Promise<UserFarm[]> {
  return (await findUserFarms(db, userId, organizationId)).map((f) => ({ id: f.id, title: f.farmName }));
}

export async function listMyRoles(db: AppDb, userId: number, organizationId: number): Promise<UserRole[]> {
  const rows = await findUserRoles(db, userId, organizationId);
  return rows
    .map((r) => ({ id: r.id, name: r.name, description: r.description, default_Landing_Page: r.defaultLandingPage }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id - b.id);
}
