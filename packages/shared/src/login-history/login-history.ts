/**
 * Login history API (docs/domain.md, Login History): the Area and Roles filter options, the rows for the
 * chosen areas and roles at `GET /api/Management/GetLoginHistory?areas=..&roles=..`
 * (repeated parameters; comma-separated lists are accepted too) and the CSV export of the same rows.
 *
 * Rows are the members of the current organisation. Counts are successful sign-ins into the current
 * organisation in rolling windows ending now: the last 7 days, the last 30 days and the last 90
 * days; lastLogin is the latest successful sign-in into the organisation (null when none).
 * `areas` omitted: every member (also those without farms); given: members assigned a farm of the
 * organisation in one of those areas. `roles` omitted: every member; given: members holding one of
 * those roles. An area that is not one of the organisation's farm areas, or a role of another
 * organisation, answers 404.
 */
import { z } from 'zod';
import { exportFileTimestamp } from '../picking/csv.js';
import { idListQuerySchema } from '../core/common.js';

export const LOGIN_HISTORY_PATHS = {
  /** the product's published path, served case-insensitively */
  history: '/api/Management/GetLoginHistory',
  /** the areas of the organisation's farms (Area filter) */
  areas: '/api/login-history/areas',
  /** the organisation's roles (Roles filter) */
  roles: '/api/login-history/roles',
  /** the rows as a CSV download, same query as history */
  export: '/api/login-history/export',
} as const;

/** Rolling windows of the three counts, in days before now. */
export const LOGIN_HISTORY_WINDOWS = { weekCount: 7, monthCount: 30, lastThreeMonths: 90 } as const;

export const LOGIN_HISTORY_SCROLL_HEIGHT = '620px';
/** Most ids one filter takes. */
export const LOGIN_HISTORY_FILTER_MAX_IDS = 500;

export const LOGIN_HISTORY_FILE_PREFIX = 'LoginHistory';
export const LOGIN_HISTORY_EXPORT_NAMES = { componentName: 'LoginHistoryComponent', reportName: 'Login History' } as const;

/** LoginHistory-yyyy-MM-dd-HH-mm-ss.csv */
export function loginHistoryFileName(at: Date): string {
  return `${LOGIN_HISTORY_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

/** The CSV's columns, in the table's order; Last Login Date is written as ISO 8601 (UTC). */
export const LOGIN_HISTORY_CSV_COLUMNS = [
  { key: 'user', header: 'User' },
  { key: 'userName', header: 'User Name' },
  { key: 'weekCount', header: 'Week Count' },
  { key: 'monthCount', header: 'Month Count' },
  { key: 'lastThreeMonths', header: 'Last 3 Months' },
  { key: 'lastLogin', header: 'Last Login Date' },
] as const;


/** `?areas=1&areas=2` or `?areas=1,2`; absent means no restriction. */
const idListQuery = idListQuerySchema(LOGIN_HISTORY_FILTER_MAX_IDS);

export const loginHistoryQuerySchema = z.object({ areas: idListQuery, roles: idListQuery });
export type LoginHistoryQuery = z.infer<typeof loginHistoryQuerySchema>;

/** Login history row: user, weekCount, monthCount, lastThreeMonths, lastLogin (plus the user's id and user name). */
export const loginHistoryRowSchema = z.object({
  userId: z.number().int(),
  /** the full name, or the user name when there is none */
  user: z.string(),
  userName: z.string(),
  weekCount: z.number().int(),
  monthCount: z.number().int(),
  lastThreeMonths: z.number().int(),
  /** ISO 8601, null when the user never signed in to the organisation */
  lastLogin: z.string().nullable(),
});
export type LoginHistoryRow = z.infer<typeof loginHistoryRowSchema>;
export const loginHistoryResponseSchema = z.array(loginHistoryRowSchema);

/** Area: id, area_Name, region. */
export const loginHistoryAreaSchema = z.object({ id: z.number().int(), area_Name: z.string(), region: z.string().nullable() });
export type LoginHistoryArea = z.infer<typeof loginHistoryAreaSchema>;
export const loginHistoryAreasResponseSchema = z.array(loginHistoryAreaSchema);

/** Role: id, name. */
export const loginHistoryRoleSchema = z.object({ id: z.number().int(), name: z.string() });
export type LoginHistoryRole = z.infer<typeof loginHistoryRoleSchema>;
export const loginHistoryRolesResponseSchema = z.array(loginHistoryRoleSchema);

/**
 * The query string for a filter selection: a list that holds every option is left out (no
 * restriction, so members without farms or roles stay in), others become repeated parameters.
 * Returns null when a filter has nothing selected: there is nothing to ask for.
 */
export function loginHistorySearch(
  selected: { areas: readonly number[]; roles: readonly number[] },
  options: { areas: readonly number[]; roles: readonly number[] },
): string | null {
  const parts: string[] = [];
  for (const key of ['areas', 'roles'] as const) {
    const chosen = selected[key];
    const all = options[key];
    if (all.length > 0 && chosen.length === 0) return null;
    if (all.length > 0 && all.every((id) => chosen.includes(id))) continue;
    for (const id of chosen) parts.push(`${key}=${encodeURIComponent(String(id))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
