/**
 * Farm operations (dashboard.farmOperations): the caller's farms, the days with scouting, the
 * sessions of one South African day and their CSV export over a range, all inside the current
 * organisation and within the farms assigned to the caller there (data-rules/farm-scope). Farm ids must be
 * farms the caller may see; anything else (another organisation's farm, a farm not assigned to the
 * caller) answers 404, like an id that does not exist. An export range longer than 31 days,
 * reversed or reaching past today answers 400.
 */
import { dayBounds, dayOf, type ErrorReason } from '@orchard/shared/core';
import {
  FARM_OPERATIONS_CSV_COLUMNS,
  FARM_OPERATIONS_EXPORT_MAX_DAYS,
  FARM_OPERATIONS_EXPORT_NAMES,
  farmOperationsCsvRow,
  farmOperationsFileName,
  farmOperationsRangeProblem,
  minutesPerHa,
  sessionMinutes,
  type FarmOperationsExportQuery,
  type FarmOperationsFarm,
  type FarmOperationsQuery,
  type FarmOperationsRow,
} from '@orchard/shared/farm-operations';
import type { AppDb } from '../../db/client';
import { checkFarmFilter, findVisibleFarms, type FarmViewer } from '../../data-rules/farm-scope';
import { validationFailed } from '../../lib/errors';
import { inBatches } from '../../db/batches';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { findScoutedDays, findSessions } from './farm-operations.repository';

/** The caller: the user in the current organisation. */
export type FarmOperationsActor = FarmViewer;

export async function listFarms(db: AppDb, viewer: FarmOperationsActor): Promise<FarmOperationsFarm[]> {
  return findVisibleFarms(db, viewer);
}

export async function listScoutedDates(db: AppDb, viewer: FarmOperationsActor, farms: number[] | undefined): Promise<string[]> {
  return findScoutedDays(db, viewer, await checkFarmFilter(db, viewer, farms));
}

type SessionRecord = Awaited<ReturnType<typeof findSessions>>[number];

function toRow(r: SessionRecord): FarmOperationsRow {
  const start = new Date(r.startedAt);
  const end = new Date(r.endedAt);
  const totalMinutes = sessionMinutes(start, end);
  return {
    id: r.id,
    scoutName: r.fullName?.trim() ? r.fullName : r.userName,
    blockName: r.blockName,
    farmName: r.farmName,
    ha: r.ha,
    scoutDate: dayOf(start),
    startTime: start.toISOString(),
    endTime: end.toISOString(),
    totalMinutes,
    minutesPerHa: minutesPerHa(totalMinutes, r.ha),
  };
}

function sessionFilter(viewer: FarmOperationsActor, farmIds: number[] | null, firstDay: string, lastDay: string) {
  return {
    userId: viewer.userId,
    organizationId: viewer.organizationId,
    farmIds,
    from: dayBounds(firstDay).from,
    to: dayBounds(lastDay).to,
  };
}

export async function getSessions(db: AppDb, viewer: FarmOperationsActor, query: FarmOperationsQuery): Promise<FarmOperationsRow[]> {
  const farmIds = await checkFarmFilter(db, viewer, query.farms);
  return (await findSessions(db, sessionFilter(viewer, farmIds, query.date, query.date))).map(toRow);
}

const RANGE_REASONS = {
  incomplete: 'date-range-incomplete',
  order: 'date-range-order',
  tooLong: 'date-range-too-long',
  future: 'date-range-future',
} as const satisfies Record<keyof typeof RANGE_MESSAGES, ErrorReason>;

const RANGE_MESSAGES = {
  incomplete: 'Choose a start and an end date.',
  order: 'The start date must not be after the end date.',
  tooLong: `The range can be at most ${FARM_OPERATIONS_EXPORT_MAX_DAYS} days.`,
  future: 'The range cannot include future dates.',
} as const;

/**
 * The sessions of the range as CSV, logged as one export. A busy month holds many sessions, so they
 * are read page by page while the file is written.
 */
export async function exportSessions(
  db: AppDb,
  actor: FarmOperationsActor,
  query: FarmOperationsExportQuery,
  now: Date,
  url: string,
): Promise<CsvExport> {
  const problem = farmOperationsRangeProblem(query.start, query.end, dayOf(now));
  if (problem) {
    const reason = RANGE_REASONS[problem];
    throw validationFailed(RANGE_MESSAGES[problem], [{ field: problem === 'future' ? 'end' : 'start', message: RANGE_MESSAGES[problem], reason }], reason);
  }
  const filter = sessionFilter(actor, await checkFarmFilter(db, actor, query.farms), query.start, query.end);
  async function* rows() {
    for await (const session of inBatches((after: SessionRecord | undefined, size) => findSessions(db, filter, { after, size }))) {
      yield farmOperationsCsvRow(toRow(session));
    }
  }
  return {
    fileName: farmOperationsFileName(query.start, query.end),
    ...byColumns(FARM_OPERATIONS_CSV_COLUMNS, rows()),
    log: { userId: actor.userId, organizationId: actor.organizationId, url, ...FARM_OPERATIONS_EXPORT_NAMES, exportTime: now },
  };
}
