/**
 * The organisations list for super users (docs/domain.md, Organisations): a page of organisations by name with the list
 * items (id, name, contactRow.fullName, default_Legal_EntityRow.name) and count model (id,
 * farm_Count, user_Count); and opening one of them.
 */
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { type OrganizationsResponse } from '@orchard/shared/organizations';
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isActiveMember } from '../../plugins/access.repository';
import { recordAudit, type AuditActor } from '../audit-trail/index';
import {
  countOrganizations,
  findOrganizationsPage,
  findJoinNames,
  findRoleIdsCarrying,
  insertMember,
  lockActiveOrganization,
  type OrganizationListRow,
} from './organizations.repository';

/** The contact's name and surname; null when neither is recorded. */
export function contactFullName(row: Pick<OrganizationListRow, 'contactName' | 'contactSurname'>): string | null {
  const fullName = [row.contactName, row.contactSurname]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
  return fullName === '' ? null : fullName;
}

export async function listOrganizations(
  db: AppDb,
  query: { search?: string | undefined; page: number; pageSize: number },
): Promise<OrganizationsResponse> {
  const search = query.search?.trim() || undefined;
  const totalRecords = await countOrganizations(db, search);
  const rows = await findOrganizationsPage(db, { search, offset: (query.page - 1) * query.pageSize, limit: query.pageSize });
  return {
    organizations: rows.map((r) => {
      const fullName = contactFullName(r);
      return {
        id: r.id,
        name: r.name,
        contactRow: fullName === null ? null : { fullName },
        default_Legal_EntityRow: r.legalEntityName === null ? null : { name: r.legalEntityName },
      };
    }),
    counts: rows.map((r) => ({ id: r.id, farm_Count: r.farmCount, user_Count: r.userCount })),
    totalRecords,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * A super user opens an organisation of the list (the route lets in super users only). One they are
 * not a member of they join, holding its first role (by id) that carries every permission, when it
 * has one: the platform's operator works there as its Administrator does (and no one but a super
 * user takes that away again: users/user-privileges). A member already changes nothing. No farm is
 * assigned: a super user assigns themselves any farm of the organisation they need. 404 for no
 * such active organisation. Under the organisation's row lock, like every change of who holds what.
 */
export async function openOrganization(db: AppDb, actor: AuditActor, organizationId: number): Promise<void> {
  const { userId } = actor;
  await db.transaction(async (tx) => {
    if (!(await lockActiveOrganization(tx, organizationId))) throw notFound('Organization');
    if (await isActiveMember(tx, userId, organizationId)) return;
    const [roleId] = await findRoleIdsCarrying(tx, organizationId, ALL_PERMISSIONS);
    await insertMember(tx, userId, organizationId, roleId ?? null);
    // the organisation's audit trail shows the operator joining it
    const names = await findJoinNames(tx, userId, roleId ?? null);
    await recordAudit(tx, actor, {
      organizationId,
      area: 'users',
      action: 'create',
      entityType: 'user',
      entityId: userId,
      label: names.user,
      after: { roles: names.role === null ? [] : [names.role] },
    });
  });
}
