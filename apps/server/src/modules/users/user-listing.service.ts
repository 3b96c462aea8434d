/**
 * Reading the users tab: the organisation's members with their roles, farms and packhouses there,
 * the roles the caller may assign, one member, the system users a super user may link, and the
 * farm and packhouse options of the editor.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import {
  type FarmOption,
  type PackhouseOption,
  type SystemUser,
  type User,
  type UserListResponse,
  type UserListRole,
} from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { findFarmOptions, findOrganizationRoles, findPackhouseOptions } from './user-assignments.repository';
import {
  findAssignments,
  findMemberUser,
  findMemberUsers,
  searchSystemUsers,
  type UserAssignments,
  type UserRow,
} from './user-members.repository';
import { assertSuperUser, assignableRoleIds, can, userNotFound, type Caller } from './user-privileges';

function toUser(row: UserRow, assignments: UserAssignments | undefined, now: Date): User {
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    fullName: row.fullName,
    jobTitle: row.jobTitle,
    phoneNumber: row.phoneNumber,
    avatar: row.avatarBlobId,
    roles: assignments?.roles.map((r) => r.name) ?? [],
    roleIds: assignments?.roles.map((r) => r.id) ?? [],
    farms: assignments?.farmIds ?? [],
    packhouses: assignments?.packhouseIds ?? [],
    isEnabled: row.isEnabled,
    isLockedOut: row.lockoutEnd !== null && row.lockoutEnd.getTime() > now.getTime(),
    inOtherOrganizations: row.inOtherOrganizations,
    isSuperUser: row.isSuperUser,
    version: row.version,
  };
}

/** A member of the caller's organisation, with their assignments there; 404 otherwise. */
export async function loadMember(db: AppDb, organizationId: number, userId: number, now = new Date()): Promise<User> {
  const row = await findMemberUser(db, organizationId, userId);
  if (!row) throw userNotFound();
  const assignments = await findAssignments(db, organizationId, [row.id]);
  return toUser(row, assignments.get(row.id), now);
}

export async function listUsers(db: AppDb, caller: Caller, now = new Date()): Promise<UserListResponse> {
  const rows = await findMemberUsers(db, caller.organizationId);
  const assignments = await findAssignments(db, caller.organizationId, rows.map((r) => r.id));
  const users = rows.map((r) => toUser(r, assignments.get(r.id), now));
  if (!can(caller, PERMISSIONS.rolesView)) return { users, roles: null };
  const roleRows = await findOrganizationRoles(db, caller.organizationId);
  const assignable = await assignableRoleIds(db, caller, roleRows.map((r) => r.id));
  const roles: UserListRole[] = roleRows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    usersCount: Number(r.usersCount),
    isAssignable: assignable.has(r.id),
  }));
  return { users, roles };
}

/** users.view, or the caller themselves. */
export async function getUser(db: AppDb, caller: Caller, userId: number): Promise<User> {
  const user = await loadMember(db, caller.organizationId, userId);
  if (userId !== caller.userId && !can(caller, PERMISSIONS.usersView)) throw forbidden();
  return user;
}

/** Super users holding users.linkOrganisation here: the link autocomplete. */
export async function listSystemUsers(db: AppDb, caller: Caller, query: string, limit: number): Promise<SystemUser[]> {
  assertSuperUser(caller);
  return searchSystemUsers(db, caller.organizationId, query, limit);
}

/** The farms the caller may assign (see checkFarmChange): their own here; a super user's, every farm of the organisation. */
export async function listFarmOptions(db: AppDb, caller: Caller): Promise<FarmOption[]> {
  const rows = await findFarmOptions(db, caller.organizationId, caller.isSuperUser ? null : caller);
  return rows.map((r) => ({ id: r.id, farm_Name: r.farmName, area_Name: r.areaName }));
}

export async function listPackhouseOptions(db: AppDb, caller: Caller): Promise<PackhouseOption[]> {
  return findPackhouseOptions(db, caller.organizationId);
}
