/**
 * The picking-schedule CSV exports (spec 02 section 9): the cells come from the shared
 * buildPickingScheduleCsv (separator line, nulls empty, trailing empty weeks dropped, Capacity
 * row, formula neutralisation); this writes them and logs the export.
 *
 * The rows are written with csv-stringify directly rather than through exports/csv toCsv: the
 * shared builder has already neutralised the text cells and gives numbers as text, which toCsv
 * would neutralise again, turning a negative difference such as -20 into '-20.
 */
import {
  PICKING_MESSAGES,
  buildPickingScheduleCsv,
  canExportPickingSchedule,
  pickingScheduleFileName,
  type PickingScheduleExportQuery,
  type PlainDate,
} from '@orchard/shared';
import { stringify } from 'csv-stringify/sync';
import type { AppDb } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import { logExport, secondsSince } from '../exports/exports.service';
import { loadCapacityRows } from './capacity.service';
import type { PickingActor } from './puc-schedule.service';
import { loadScheduleRows, windowFor, type ScheduleView } from './schedule.service';

const EXPORT_NAMES: Record<ScheduleView, { componentName: string; reportName: string }> = {
  producer: { componentName: 'PickingScheduleComponent', reportName: 'Picking Schedule' },
  packhouse: { componentName: 'PackhousePickingScheduleComponent', reportName: 'Packhouse Picking Schedule' },
};

export interface CsvDownload {
  fileName: string;
  csv: string;
}

export async function exportSchedule(
  db: AppDb,
  actor: PickingActor,
  view: ScheduleView,
  query: PickingScheduleExportQuery,
  today: PlainDate,
  now: Date,
  url: string,
): Promise<CsvDownload> {
  const startedAt = performance.now();
  const window = windowFor(view, query.pagerDate, today);
  const rows = await loadScheduleRows(db, actor.organizationId, view, query, window);
  if (!canExportPickingSchedule(rows)) throw validationFailed(PICKING_MESSAGES.noRowsToExport);
  const capacities =
    view === 'packhouse'
      ? (await loadCapacityRows(db, actor.organizationId, query.packhouses, window, today)).map((row) => ({
          packhouse: row.packhouse,
          packhouseName: row.packhouseName,
          weeks: Object.values(row.weeks),
        }))
      : undefined;
  const cells = buildPickingScheduleCsv({ kind: view, rows, weeks: window.weeks, ...(capacities ? { capacities } : {}) });
  // the separator line is written verbatim: through the writer it would be quoted (it holds a comma)
  const csv = `${cells.separatorLine}\r\n${stringify(cells.rows, { record_delimiter: 'windows' })}`;
  await logExport(db, {
    userId: actor.userId,
    organizationId: actor.organizationId,
    url,
    ...EXPORT_NAMES[view],
    timeToComplete: secondsSince(startedAt),
    size: Buffer.byteLength(csv, 'utf8'),
    exportTime: now,
  });
  return { fileName: pickingScheduleFileName(view, now), csv };
}
