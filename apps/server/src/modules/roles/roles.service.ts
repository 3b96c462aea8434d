/**
 * Role rules: per-organisation unique names, catalogue permissions, no privilege escalation, a
 * landing page the role's permissions can reach, optimistic concurrency, and notifications to the
 * holders of a role whose permissions change.
 *
 * Error contract (the usual envelope):
 * - name / description / permission values: 400 VALIDATION_FAILED from the body schema, details
 *   per field with ROLE_MESSAGES texts;
 * - name already used in the organisation (case-insensitive): 409 CONFLICT, details [name];
 * - landing page not a leaf reachable with the selected permissions: 400 VALIDATION_FAILED,
 *   details [default_Landing_Page];
 * - granting a permission the caller does not hold: 403 FORBIDDEN, details [permissions] listing them;
 * - removing one the caller does not hold: 403 FORBIDDEN (removalEscalation), details [permissions];
 * - any other change to, or deleting, a role that carries a permission the caller does not hold:
 *   403 FORBIDDEN (roleAboveCaller). Nobody acts above their own rights, super users included;
 * - a save or delete that would take roles.manage away from the caller: 409 CONFLICT;
 * - a save or delete that would leave the organisation without an enabled member holding every
 *   permission: 409 CONFLICT (lastFullMember).
 *
 * Saves and deletes decide these under the organisation's row lock with the caller's permissions
 * as they are then (roles/privilege-guard), so concurrent changes cannot together break them.
 * - no version (body or If-Match): 400; stale version: 412 PRECONDITION_FAILED;
 * - unknown id or another organisation's role: 404 NOT_FOUND.
 */
import { PERMISSIONS, PERMISSION_CATALOGUE } from '@orchard/shared/core';
import { ROLE_MESSAGES, type PermissionInfo, type Role, type RolesResponse } from '@orchard/shared/roles';
import { type MenuItem } from '@orchard/shared/shell';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError, conflict, notFound, preconditionFailed, validationFailed } from '../../lib/errors';
import { notifyUsers } from '../notifications/index';
import { getMenu } from '../shell/index';
import { findUserPermissions, keepingFullMember, lockOrganizations, permissionsLacking } from './privilege-guard';
import {
  countRoles,
  deleteRole as deleteRoleRow,
  findPermissionsOutsideRole,
  findRole,
  findRoleUserIds,
  findRoles,
  insertRole,
  isRoleNameTaken,
  lockRole,
  replaceRolePermissions,
  updateRoleIfVersion,
  userHoldsRole,
  type RoleRow,
} from './roles.repository';
import { recordAudit, type AuditActor } from '../audit-trail/index';

export interface RoleCaller extends AuditActor {
  userId: number;
  organizationId: number;
  permissions: ReadonlySet<string>;
}

export interface RoleInput {
  name: string;
  description: string | null;
  permissions: string[];
  default_Landing_Page: string | null;
}

const PERMISSION_INFOS: PermissionInfo[] = PERMISSION_CATALOGUE.map((p) => ({
  value: p.value,
  claimId: p.value,
  groupName: p.groupName,
  name: p.name,
  description: p.description,
}));

/** A role as the audit trail compares it. */
function auditedRole(r: { name: string; description: string | null; defaultLandingPage: string | null; permissions: readonly string[] }) {
  return { name: r.name, description: r.description, defaultLandingPage: r.defaultLandingPage, permissions: [...r.permissions].sort() };
}

const roleAudit = (caller: RoleCaller, id: number, label: string) =>
  ({ organizationId: caller.organizationId, area: 'roles', entityType: 'role', entityId: id, label }) as const;

function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    usersCount: row.usersCount,
    default_Landing_Page: row.defaultLandingPage,
    permissions: row.permissions,
    version: row.version,
  };
}

export async function listRoles(
  db: AppDb,
  organizationId: number,
  query: { page: number; size: number; search?: string | undefined },
): Promise<RolesResponse> {
  const search = query.search || undefined;
  const [rows, totalRecords] = await Promise.all([
    findRoles(db, organizationId, { search, offset: (query.page - 1) * query.size, limit: query.size }),
    countRoles(db, organizationId, search),
  ]);
  return { roles: rows.map(toRole), totalRecords, permissions: PERMISSION_INFOS };
}

export async function getRole(db: AppDb, organizationId: number, id: number): Promise<Role> {
  const row = await findRole(db, organizationId, id);
  if (!row) throw notFound('Role');
  return toRole(row);
}

const nameTaken = () => new AppError('CONFLICT', ROLE_MESSAGES.nameTaken, [{ field: 'name', message: ROLE_MESSAGES.nameTaken }]);

function findLeaf(items: readonly MenuItem[], id: string): MenuItem | null {
  for (const item of items) {
    if (item.id === id) return item;
    const found = findLeaf(item.items, id);
    if (found) return found;
  }
  return null;
}

/** The landing page must be a selectable item of the tree the role's permissions produce. */
async function assertLandingPage(db: AppDb, landingPage: string | null, permissions: readonly string[]): Promise<void> {
  if (landingPage === null) return;
  const item = findLeaf(await getMenu(db, new Set(permissions)), landingPage);
  if (!item || item.hasSubItems || item.url === null) {
    throw validationFailed(ROLE_MESSAGES.landingPageUnavailable, [
      { field: 'default_Landing_Page', message: ROLE_MESSAGES.landingPageUnavailable },
    ]);
  }
}

const refusal = (message: string, permissions: readonly string[]) =>
  new AppError('FORBIDDEN', message, [{ field: 'permissions', message: `${message}: ${permissions.join(', ')}` }]);

/** Only permissions the caller holds may be added to a role. */
function assertNoEscalation(caller: RoleCaller, added: readonly string[]): void {
  const notHeld = permissionsLacking(caller.permissions, added);
  if (notHeld.length > 0) throw refusal(ROLE_MESSAGES.escalation, notHeld);
}

/**
 * A role carrying a permission the caller lacks is beyond them: they may not take that permission
 * away, add one they lack, nor rename, re-describe, re-land or delete the role (`after` null).
 */
function assertRoleWithinReach(caller: RoleCaller, before: readonly string[], after: readonly string[] | null): void {
  if (after !== null) {
    const removed = permissionsLacking(caller.permissions, before.filter((p) => !after.includes(p)));
    if (removed.length > 0) throw refusal(ROLE_MESSAGES.removalEscalation, removed);
    assertNoEscalation(caller, after.filter((p) => !before.includes(p)));
  }
  const beyond = permissionsLacking(caller.permissions, before);
  if (beyond.length > 0) throw refusal(ROLE_MESSAGES.roleAboveCaller, beyond);
}

/** The caller with their permissions in the organisation as they are now (under its lock). */
async function currentCaller(tx: AppDb, caller: RoleCaller): Promise<RoleCaller> {
  return { ...caller, permissions: await findUserPermissions(tx, caller.organizationId, caller.userId) };
}

/** A save or delete must not leave the caller unable to manage roles (no locking oneself out). */
async function assertKeepsRoleManagement(
  db: AppDb,
  caller: RoleCaller,
  roleId: number,
  permissionsAfter: readonly string[] | null,
): Promise<void> {
  if (!(await userHoldsRole(db, caller.userId, caller.organizationId, roleId))) return;
  if (permissionsAfter?.includes(PERMISSIONS.rolesManage)) return;
  const elsewhere = await findPermissionsOutsideRole(db, caller.userId, caller.organizationId, roleId);
  if (!elsewhere.has(PERMISSIONS.rolesManage)) throw conflict(ROLE_MESSAGES.selfLockout);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}

async function notifyHolders(db: AppDb, organizationId: number, roleId: number, header: string, body: string) {
  const userIds = await findRoleUserIds(db, organizationId, roleId);
  await notifyUsers(db, { userIds, organizationId, header, body });
}

export async function createRole(db: AppDb, caller: RoleCaller, input: RoleInput): Promise<Role> {
  assertNoEscalation(caller, input.permissions);
  await assertLandingPage(db, input.default_Landing_Page, input.permissions);
  if (await isRoleNameTaken(db, caller.organizationId, input.name, null)) throw nameTaken();
  try {
    const id = await db.transaction(async (tx) => {
      const roleId = await insertRole(tx, caller.organizationId, {
        name: input.name,
        description: input.description,
        defaultLandingPage: input.default_Landing_Page,
      });
      await replaceRolePermissions(tx, roleId, input.permissions);
      await recordAudit(tx, caller, {
        ...roleAudit(caller, roleId, input.name),
        action: 'create',
        after: auditedRole({ ...input, defaultLandingPage: input.default_Landing_Page }),
      });
      return roleId;
    });
    return await getRole(db, caller.organizationId, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateRole(
  db: AppDb,
  caller: RoleCaller,
  id: number,
  input: RoleInput & { version: number },
): Promise<Role> {
  const before = await findRole(db, caller.organizationId, id);
  if (!before) throw notFound('Role');
  assertRoleWithinReach(caller, before.permissions, input.permissions);
  await assertLandingPage(db, input.default_Landing_Page, input.permissions);
  if (await isRoleNameTaken(db, caller.organizationId, input.name, id)) throw nameTaken();
  try {
    await db.transaction(async (tx) => {
      await lockOrganizations(tx, [caller.organizationId]);
      const locked = await lockRole(tx, caller.organizationId, id);
      if (!locked) throw notFound('Role');
      const current = await findRole(tx, caller.organizationId, id);
      if (!current || locked.version !== input.version) throw preconditionFailed(ROLE_MESSAGES.stale);
      // Checked again under the locks: the role's and the caller's permissions as they are now.
      assertRoleWithinReach(await currentCaller(tx, caller), current.permissions, input.permissions);
      await assertKeepsRoleManagement(tx, caller, id, input.permissions);
      const updated = await updateRoleIfVersion(tx, caller.organizationId, id, input.version, {
        name: input.name,
        description: input.description,
        defaultLandingPage: input.default_Landing_Page,
      });
      if (!updated) throw preconditionFailed(ROLE_MESSAGES.stale);
      if (!sameSet(current.permissions, input.permissions)) {
        await keepingFullMember(tx, [caller.organizationId], () => replaceRolePermissions(tx, id, input.permissions));
        // Sent on commit (NOTIFY is transactional).
        await notifyHolders(
          tx,
          caller.organizationId,
          id,
          'Role permissions changed',
          `The permissions of your role "${input.name}" were changed. Your menu and access follow the new permissions.`,
        );
      }
      await recordAudit(tx, caller, {
        ...roleAudit(caller, id, input.name),
        action: 'update',
        before: auditedRole(current),
        after: auditedRole({ ...input, defaultLandingPage: input.default_Landing_Page }),
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
  return getRole(db, caller.organizationId, id);
}

export async function deleteRole(db: AppDb, caller: RoleCaller, id: number): Promise<void> {
  const role = await findRole(db, caller.organizationId, id);
  if (!role) throw notFound('Role');
  assertRoleWithinReach(caller, role.permissions, null);
  await db.transaction(async (tx) => {
    await lockOrganizations(tx, [caller.organizationId]);
    const current = await findRole(tx, caller.organizationId, id);
    if (!current) throw notFound('Role');
    assertRoleWithinReach(await currentCaller(tx, caller), current.permissions, null);
    await assertKeepsRoleManagement(tx, caller, id, null);
    if (current.permissions.length > 0) {
      await notifyHolders(
        tx,
        caller.organizationId,
        id,
        'Role removed',
        `Your role "${current.name}" was deleted. Your menu and access follow your remaining roles.`,
      );
    }
    const deleted = await keepingFullMember(tx, [caller.organizationId], () => deleteRoleRow(tx, caller.organizationId, id));
    if (!deleted) throw notFound('Role');
    await recordAudit(tx, caller, { ...roleAudit(caller, id, current.name), action: 'delete', before: auditedRole(current) });
  });
}
