/**
 * Farm operations (dashboard.farmOperations): the organisation's farms, the days with scouting, the
 * sessions of one South African day and their CSV export over a range, all inside the current
 * organisation. Farm ids must be the organisation's own; anything else answers 404, like an id that
 * does not exist. An export range longer than 31 days, reversed or reaching past today answers 400.
 */
import {
  FARM_OPERATIONS_CSV_COLUMNS,
  FARM_OPERATIONS_EXPORT_MAX_DAYS,
  FARM_OPERATIONS_EXPORT_NAMES,
  farmOperationsCsvRow,
  farmOperationsFileName,
  farmOperationsRangeProblem,
  minutesPerHa,
  sessionMinutes,
  southAfricanDay,
  southAfricanDayBounds,
  type FarmOperationsExportQuery,
  type FarmOperationsFarm,
  type FarmOperationsQuery,
  type FarmOperationsRow,
} from '@orchard/shared';
import type { AppDb } from '../../db/client';
import { notFound, validationFailed } from '../../lib/errors';
import { toCsv } from '../exports/csv';
import { logExport, secondsSince } from '../exports/exports.service';
import { findOrganisationFarms, findScoutedDays, findSessions } from './farm-operations.repository';

export interface FarmOperationsActor {
  userId: number;
  organizationId: number;
}

export async function listFarms(db: AppDb, organizationId: number): Promise<FarmOperationsFarm[]> {
  return findOrganisationFarms(db, organizationId);
}

/** The farm ids of a filter, checked against the organisation's own; null when the filter is absent. */
async function checkedFarms(db: AppDb, organizationId: number, ids: number[] | undefined): Promise<number[] | null> {
  if (ids === undefined) return null;
  const own = new Set((await findOrganisationFarms(db, organizationId)).map((f) => f.id));
  const unique = [...new Set(ids)];
  if (unique.some((id) => !own.has(id))) throw notFound('Farm');
  return unique;
}

export async function listScoutedDates(db: AppDb, organizationId: number, farms: number[] | undefined): Promise<string[]> {
  return findScoutedDays(db, organizationId, await checkedFarms(db, organizationId, farms));
}

async function sessionsBetween(db: AppDb, organizationId: number, farmIds: number[] | null, firstDay: string, lastDay: string): Promise<FarmOperationsRow[]> {
  const rows = await findSessions(db, {
    organizationId,
    farmIds,
    from: southAfricanDayBounds(firstDay).from,
    to: southAfricanDayBounds(lastDay).to,
  });
  return rows.map((r) => {
    const start = new Date(r.startedAt);
    const end = new Date(r.endedAt);
    const totalMinutes = sessionMinutes(start, end);
    return {
      id: r.id,
      scoutName: r.fullName?.trim() ? r.fullName : r.userName,
      blockName: r.blockName,
      farmName: r.farmName,
      ha: r.ha,
      scoutDate: southAfricanDay(start),
      startTime: start.toISOString(),
      endTime: end.toISOString(),
      totalMinutes,
      minutesPerHa: minutesPerHa(totalMinutes, r.ha),
    };
  });
}

export async function getSessions(db: AppDb, organizationId: number, query: FarmOperationsQuery): Promise<FarmOperationsRow[]> {
  const farmIds = await checkedFarms(db, organizationId, query.farms);
  return sessionsBetween(db, organizationId, farmIds, query.date, query.date);
}

const RANGE_MESSAGES = {
  incomplete: 'Choose a start and an end date.',
  order: 'The start date must not be after the end date.',
  tooLong: `The range can be at most ${FARM_OPERATIONS_EXPORT_MAX_DAYS} days.`,
  future: 'The range cannot include future dates.',
} as const;

export interface CsvDownload {
  fileName: string;
  csv: string;
}

/** The sessions of the range as CSV (formula-leading cells neutralised), logged as one export. */
export async function exportSessions(
  db: AppDb,
  actor: FarmOperationsActor,
  query: FarmOperationsExportQuery,
  now: Date,
  url: string,
): Promise<CsvDownload> {
  const startedAt = performance.now();
  const problem = farmOperationsRangeProblem(query.start, query.end, southAfricanDay(now));
  if (problem) throw validationFailed(RANGE_MESSAGES[problem], [{ field: problem === 'future' ? 'end' : 'start', message: RANGE_MESSAGES[problem] }]);
  const farmIds = await checkedFarms(db, actor.organizationId, query.farms);
  const rows = await sessionsBetween(db, actor.organizationId, farmIds, query.start, query.end);
  const csv = toCsv(rows.map(farmOperationsCsvRow), FARM_OPERATIONS_CSV_COLUMNS);
  await logExport(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    url,
    ...FARM_OPERATIONS_EXPORT_NAMES,
    timeToComplete: secondsSince(startedAt),
    size: Buffer.byteLength(csv, 'utf8'),
    exportTime: now,
  });
  return { fileName: farmOperationsFileName(query.start, query.end), csv };
}
