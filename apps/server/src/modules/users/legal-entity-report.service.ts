/**
 * Export By Legal Entity (users.areaReport): the members holding any of the chosen roles, as CSV.
 *
 * One row per user and legal entity of the farms assigned to them in this organisation; the Farm
 * cell lists that user's farms of that legal entity (", "-separated, by name). A user with none of
 * this organisation's farms still gets one row, with empty Legal Entity and Farm cells, so nobody
 * holding the roles is left out. Roles lists all of the user's roles here. Rows are ordered by
 * legal entity, then user name. Role ids of another organisation answer 404.
 */
import { exportFileTimestamp } from '@orchard/shared/picking';
import { USER_LEGAL_ENTITY_REPORT_COLUMNS, USER_LEGAL_ENTITY_REPORT_PREFIX } from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { findLegalEntityReportRows } from './legal-entity-report.repository';
import { findRolesInOrganization } from './user-assignments.repository';
import { findAssignments } from './user-members.repository';
import type { Caller } from './user-privileges';

export const LEGAL_ENTITY_REPORT_NAME = 'User Legal Entity Report';
export const LEGAL_ENTITY_REPORT_COMPONENT = 'UserList';

type ReportKey = (typeof USER_LEGAL_ENTITY_REPORT_COLUMNS)[number]['key'];
export type LegalEntityReportRow = Record<ReportKey, string>;

export function legalEntityReportFileName(at: Date): string {
  return `${USER_LEGAL_ENTITY_REPORT_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

export async function buildLegalEntityReportRows(db: AppDb, caller: Caller, roleIds: number[]): Promise<LegalEntityReportRow[]> {
  const unique = [...new Set(roleIds)];
  const found = await findRolesInOrganization(db, caller.organizationId, unique);
  if (found.length !== unique.length) throw notFound('Role');
  const rows = await findLegalEntityReportRows(db, caller.organizationId, unique);
  const assignments = await findAssignments(db, caller.organizationId, [...new Set(rows.map((r) => r.userId))]);

  const grouped = new Map<string, LegalEntityReportRow & { farms: string[] }>();
  for (const r of rows) {
    const key = `${r.userId}:${r.legalEntityId ?? ''}`;
    let entry = grouped.get(key);
    if (!entry) {
      entry = {
        legalEntity: r.legalEntityName ?? '',
        farm: '',
        userName: r.userName,
        fullName: r.fullName ?? '',
        email: r.email,
        phoneNumber: r.phoneNumber ?? '',
        roles: (assignments.get(r.userId)?.roles ?? []).map((role) => role.name).join(', '),
        farms: [],
      };
      grouped.set(key, entry);
    }
    if (r.farmName !== null) entry.farms.push(r.farmName);
  }
  const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return [...grouped.values()]
    .map(({ farms, ...row }) => ({ ...row, farm: farms.sort(byText).join(', ') }))
    .sort((a, b) => byText(a.legalEntity, b.legalEntity) || byText(a.userName, b.userName));
}

export async function exportLegalEntityReport(
  db: AppDb,
  caller: Caller,
  roleIds: number[],
  url: string,
  now: Date,
): Promise<CsvExport> {
  const rows = await buildLegalEntityReportRows(db, caller, roleIds);
  return {
    fileName: legalEntityReportFileName(now),
    ...byColumns(USER_LEGAL_ENTITY_REPORT_COLUMNS, rows),
    log: {
      userId: caller.userId,
      organizationId: caller.organizationId,
      url,
      componentName: LEGAL_ENTITY_REPORT_COMPONENT,
      reportName: LEGAL_ENTITY_REPORT_NAME,
      exportTime: now,
    },
  };
}
