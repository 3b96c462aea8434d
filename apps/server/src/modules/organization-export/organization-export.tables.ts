/**
 * What an organisation owns, table by table: the one list the archive is written from (docs/domain.md,
 * Organisation data export). Each entry names the table, the rows of it that belong to the
 * organisation and, where a table holds more than the organisation's own, the columns it keeps.
 *
 * - A table carrying `organization_id` exports the rows that carry the organisation's id.
 * - A table without it exports the rows of the organisation's parent rows: a role's permissions
 *   (through roles), a scouting session's observations, a spray product's days per market, a picking
 *   estimate's weeks, the weekly
 *   capacities of the packhouses the organisation runs.
 * - Users are global: a member is exported as id, user name, e-mail and full name only (the rest of
 *   an account, its password hash above all, is the person's, and may concern other organisations).
 * - Packhouses are a global list: the ones the organisation runs or links to (so its bins' and
 *   estimates' packhouse ids can be read).
 * - Blobs keep their description (container, type, size), not their bytes.
 *
 * Left out on purpose (organization-export.routes.test.ts holds the two lists to every table of the schema): secrets
 * (refresh tokens, password reset tokens, used stream tickets), the outgoing mail (no organisation,
 * and it holds reset links), a user's own preferences and release-note dismissals, the platform's
 * catalogues and reference lists (menu, provinces, regions, areas, site types, organisation levels,
 * commodities, varieties, picking progress types), product updates, release notes and the
 * maintenance switch.
 *
 * Farm assignments do not limit the archive: it is the organisation's data, and only the holders of
 * management.organisationData (the Administrators) download it.
 */
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import * as s from '../../db/schema/index';

export interface ExportedTable {
  /** the table's name, which is also its file's name */
  name: string;
  table: PgTable;
  /** the columns written, in the table's order */
  columns: PgColumn[];
  /** the primary key's columns: the order the rows are read and written in */
  key: PgColumn[];
  /** which of the table's rows belong to the organisation */
  owned: (organizationId: number) => SQL;
}

/** The table's rows of the organisation: its organization_id column. */
const byOrganization = (column: PgColumn) => (organizationId: number) => eq(column, organizationId);

/** The subquery of the ids of the parent table's rows (roles, sessions, …) that belong to the organisation. */
const idsOf = (table: PgTable, id: PgColumn, organization: PgColumn, organizationId: number) =>
  sql`(select ${id} from ${table} where ${organization} = ${organizationId})`;

interface Plan {
  table: PgTable;
  owned?: (organizationId: number) => SQL;
  /** database names of the columns written (default: every column) */
  only?: readonly string[];
  /** database names of columns never written */
  omit?: readonly string[];
}

function exported({ table, owned, only, omit }: Plan): ExportedTable {
  const config = getTableConfig(table);
  const columns = config.columns.filter((c) => (only ? only.includes(c.name) : true) && !(omit ?? []).includes(c.name));
  const single = config.columns.filter((c) => c.primary);
  const key = single.length > 0 ? single : (config.primaryKeys[0]?.columns ?? []);
  if (key.length === 0) throw new Error(`${config.name} has no primary key to read it in order`);
  const organization = config.columns.find((c) => c.name === 'organization_id');
  const rows = owned ?? (organization ? byOrganization(organization) : undefined);
  if (!rows) throw new Error(`${config.name} says nothing of which rows are the organisation's`);
  return { name: config.name, table, columns, key, owned: rows };
}

/** Packhouses the organisation runs or links to. */
const packhousesOf = (organizationId: number) =>
  or(
    eq(s.packhouses.ownerOrganizationId, organizationId),
    inArray(
      s.packhouses.id,
      sql`(select ${s.organizationPackhouses.packhouseId} from ${s.organizationPackhouses} where ${s.organizationPackhouses.organizationId} = ${organizationId})`,
    ),
  )!;

/** The tables of the archive, parents before children. */
export const EXPORTED_TABLES: readonly ExportedTable[] = [
  exported({ table: s.organizations, owned: (org) => eq(s.organizations.id, org) }),
  exported({
    table: s.users,
    owned: (org) => inArray(s.users.id, sql`(select ${s.memberships.userId} from ${s.memberships} where ${s.memberships.organizationId} = ${org})`),
    only: ['id', 'user_name', 'email', 'full_name'],
  }),
  exported({ table: s.memberships }),
  exported({ table: s.roles }),
  exported({ table: s.rolePermissions, owned: (org) => inArray(s.rolePermissions.roleId, idsOf(s.roles, s.roles.id, s.roles.organizationId, org)) }),
  exported({ table: s.userRoles }),
  exported({ table: s.legalEntities }),
  exported({ table: s.farms }),
  exported({ table: s.userFarms }),
  exported({ table: s.packhouses, owned: packhousesOf }),
  exported({ table: s.organizationPackhouses }),
  exported({ table: s.userPackhouses }),
  exported({
    table: s.packhouseCapacities,
    owned: (org) => inArray(s.packhouseCapacities.packhouseId, idsOf(s.packhouses, s.packhouses.id, s.packhouses.ownerOrganizationId, org)),
  }),
  exported({ table: s.pucs }),
  exported({ table: s.farmBlocks }),
  exported({ table: s.productionBlocks }),
  exported({ table: s.yieldEstimates }),
  exported({ table: s.fruitBins }),
  exported({ table: s.binWeekTotals }),
  exported({ table: s.fruitBinEstimates }),
  exported({ table: s.pickingEstimates }),
  exported({
    table: s.pickingEstimateWeeks,
    owned: (org) => inArray(s.pickingEstimateWeeks.pickingEstimateId, idsOf(s.pickingEstimates, s.pickingEstimates.id, s.pickingEstimates.organizationId, org)),
  }),
  exported({ table: s.employeeTypes }),
  exported({ table: s.employees }),
  exported({ table: s.attendanceRecords }),
  exported({ table: s.scoutingSessions }),
  exported({
    table: s.scoutingObservations,
    owned: (org) => inArray(s.scoutingObservations.sessionId, idsOf(s.scoutingSessions, s.scoutingSessions.id, s.scoutingSessions.organizationId, org)),
  }),
  exported({ table: s.traps }),
  exported({ table: s.trapInspections }),
  exported({ table: s.tensiometerReadings }),
  exported({ table: s.waterApplied }),
  exported({ table: s.phenologyObservations }),
  exported({ table: s.pestDashboardSettings }),
  exported({ table: s.pestActionThresholds }),
  exported({ table: s.trapCountThresholds }),
  exported({ table: s.scoutingDayTotals }),
  exported({ table: s.scoutingPestDayTotals }),
  exported({ table: s.trapDayTotals }),
  exported({ table: s.trapLatestInspections }),
  exported({ table: s.sprayExportMarkets }),
  exported({ table: s.sprayProducts }),
  exported({
    table: s.sprayProductMarketDays,
    owned: (org) => inArray(s.sprayProductMarketDays.productId, idsOf(s.sprayProducts, s.sprayProducts.id, s.sprayProducts.organizationId, org)),
  }),
  exported({ table: s.packhouseLines }),
  exported({ table: s.lineWaxReadings }),
  exported({ table: s.storageRooms }),
  exported({ table: s.storageRoomReadings }),
  exported({ table: s.notifications }),
  exported({ table: s.attentionDecisions }),
  exported({ table: s.exportLogs }),
  exported({ table: s.auditEntries }),
  exported({ table: s.loginEvents }),
  exported({ table: s.pageViews }),
  exported({ table: s.blobs, omit: ['bytes'] }),
];

/** Tables the archive leaves out, each for the reason above. */
export const NOT_EXPORTED_TABLES: readonly string[] = [
  s.refreshTokens,
  s.passwordResetTokens,
  s.usedStreamTickets,
  s.mailOutbox,
  s.userPreferences,
  s.releaseNoteDismissals,
  s.menuItems,
  s.provinces,
  s.regions,
  s.areas,
  s.siteTypes,
  s.organizationLevels,
  s.commodities,
  s.varieties,
  s.pickingProgressTypes,
  s.productUpdates,
  s.releaseNotes,
  s.maintenanceState,
].map((t) => getTableConfig(t).name);

/** The where-clause of one page: the organisation's rows after `after` (the previous page's last key). */
export function pageFilter(spec: ExportedTable, organizationId: number, after: readonly unknown[] | undefined): SQL {
  const owned = spec.owned(organizationId);
  if (!after) return owned;
  const key = sql.join(spec.key, sql`, `);
  const values = sql.join(
    after.map((v) => sql`${v}`),
    sql`, `,
  );
  return and(owned, sql`(${key}) > (${values})`)!;
}
