/**
 * The picking-schedule CSV exports (docs/domain.md, Picking schedules, Exports): the cells come from the shared
 * buildPickingScheduleCsv (separator line, nulls empty, trailing empty weeks dropped, Capacity
 * row, formula neutralisation); exports/csv writes them and logs the export.
 */
import {
  PICKING_MESSAGES,
  buildPickingScheduleCsv,
  canExportPickingSchedule,
  pickingScheduleFileName,
  type PickingScheduleExportQuery,
  type PlainDate,
} from '@orchard/shared/picking';
import type { AppDb } from '../../db/client';
import { validationFailed } from '../../lib/errors';
import type { CsvCell, CsvExport } from '../../lib/csv-export';
import { loadCapacityRows } from './capacity.service';
import { windowFor, type PickingActor, type ScheduleView } from './picking-shared';
import { loadScheduleRows } from './schedule.service';

/**
 * The shared builder gives figures as text (String(number)) and has neutralised the text cells
 * already. A negative figure such as -20 is handed back as the number it was, so the writer's
 * neutralisation keeps it a figure instead of writing '-20; a text cell starting with - already
 * carries its apostrophe and stays text.
 */
function asWritten(cell: string): CsvCell {
  if (!cell.startsWith('-')) return cell;
  const figure = Number(cell);
  return Number.isFinite(figure) && String(figure) === cell ? figure : cell;
}

const EXPORT_NAMES: Record<ScheduleView, { componentName: string; reportName: string }> = {
  producer: { componentName: 'PickingScheduleComponent', reportName: 'Picking Schedule' },
  packhouse: { componentName: 'PackhousePickingScheduleComponent', reportName: 'Packhouse Picking Schedule' },
};

export async function exportSchedule(
  db: AppDb,
  actor: PickingActor,
  view: ScheduleView,
  query: PickingScheduleExportQuery,
  today: PlainDate,
  now: Date,
  url: string,
): Promise<CsvExport> {
  const window = windowFor(view, query.pagerDate, today);
  const rows = await loadScheduleRows(db, actor, view, query, window);
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
  const [header = [], ...body] = cells.rows;
  return {
    fileName: pickingScheduleFileName(view, now),
    preamble: cells.separatorLine,
    header,
    rows: body.map((row) => row.map(asWritten)),
    log: { userId: actor.userId, organizationId: actor.organizationId, url, ...EXPORT_NAMES[view], exportTime: now },
  };
}
