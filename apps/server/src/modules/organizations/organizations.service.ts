/**
 * The organisations list for super users: a page of organisations by name with the spec's list
 * items (id, name, contactRow.fullName, default_Legal_EntityRow.name) and count model (id,
 * farm_Count, user_Count).
 */
import type { OrganizationsResponse } from '@orchard/shared';
import type { AppDb } from '../../db/client';
import { countOrganizations, findOrganizationsPage, type OrganizationListRow } from './organizations.repository';

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
