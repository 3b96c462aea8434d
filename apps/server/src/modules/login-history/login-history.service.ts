/**
 * Login history (management.loginHistory): filter options, the rows and their CSV export, all inside
 * the current organisation. Area ids must be areas of the organisation's farms assigned to the
 * caller (data-rules/farm-scope) and role ids roles of the organisation; anything else answers 404, like an
 * id that does not exist.
 */
import {
  LOGIN_HISTORY_CSV_COLUMNS,
  LOGIN_HISTORY_EXPORT_NAMES,
  LOGIN_HISTORY_WINDOWS,
  loginHistoryFileName,
  type LoginHistoryArea,
  type LoginHistoryQuery,
  type LoginHistoryRole,
  type LoginHistoryRow,
} from '@orchard/shared/login-history';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { notFound } from '../../lib/errors';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { findLoginHistory, findOrganisationAreas, findOrganisationRoles } from './login-history.repository';

/** The caller: the user in the current organisation. */
export type LoginHistoryActor = FarmViewer;

const DAY_MS = 86_400_000;

export async function listAreas(db: AppDb, viewer: LoginHistoryActor): Promise<LoginHistoryArea[]> {
  return findOrganisationAreas(db, viewer);
}

export async function listRoles(db: AppDb, organizationId: number): Promise<LoginHistoryRole[]> {
  return findOrganisationRoles(db, organizationId);
}

/** The ids of a filter, checked against the organisation's own; null when the filter is absent. */
function checked(ids: number[] | undefined, known: readonly { id: number }[], what: string): number[] | null {
  if (ids === undefined) return null;
  const own = new Set(known.map((k) => k.id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !own.has(id))) throw notFound(what);
  return unique;
}

const toIso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

export async function getLoginHistory(db: AppDb, viewer: LoginHistoryActor, query: LoginHistoryQuery, now: Date): Promise<LoginHistoryRow[]> {
  const { organizationId } = viewer;
  const [ownAreas, ownRoles] = await Promise.all([
    query.areas ? findOrganisationAreas(db, viewer) : Promise.resolve([]),
    query.roles ? findOrganisationRoles(db, organizationId) : Promise.resolve([]),
  ]);
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const rows = await findLoginHistory(db, {
    organizationId,
    areaIds: checked(query.areas, ownAreas, 'Area'),
    roleIds: checked(query.roles, ownRoles, 'Role'),
    since: {
      week: before(LOGIN_HISTORY_WINDOWS.weekCount),
      month: before(LOGIN_HISTORY_WINDOWS.monthCount),
      threeMonths: before(LOGIN_HISTORY_WINDOWS.lastThreeMonths),
    },
  });
  const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return rows
    .map((r) => ({
    userId: r.userId,
    user: r.fullName?.trim() ? r.fullName : r.userName,
    userName: r.userName,
    weekCount: Number(r.weekCount),
    monthCount: Number(r.monthCount),
    lastThreeMonths: Number(r.lastThreeMonths),
    lastLogin: toIso(r.lastLogin),
    }))
    .sort((a, b) => byText(a.user, b.user) || a.userId - b.userId);
}

/** The rows as CSV, logged as one export (one row per user: the source is as small as the screen's). */
export async function exportLoginHistory(
  db: AppDb,
  actor: LoginHistoryActor,
  query: LoginHistoryQuery,
  now: Date,
  url: string,
): Promise<CsvExport> {
  const rows = await getLoginHistory(db, actor, query, now);
  return {
    fileName: loginHistoryFileName(now),
    // the last sign-in as a Date, so the file writes it as every file writes a time
    ...byColumns(LOGIN_HISTORY_CSV_COLUMNS, rows.map((r) => ({ ...r, lastLogin: r.lastLogin === null ? null : new Date(r.lastLogin) }))),
    log: { userId: actor.userId, organizationId: actor.organizationId, url, ...LOGIN_HISTORY_EXPORT_NAMES, exportTime: now },
  };
}
