/**
 * Export logs: one row per export (url, componentName, reportName, timeToComplete in seconds, size
 * in bytes, exportTime). Server-side exports call logExport; browser-side ones post theirs.
 */
import type { CreateExportLogBody, ExportLog } from '@orchard/shared/exports';
import type { AppDb } from '../../db/client';
import { insertExportLog, type NewExportLog } from './exports.repository';

/** An export to log: the row, its time defaulting to now. */
export type ExportLogInput = Omit<NewExportLog, 'exportTime'> & { exportTime?: Date };

const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s);

export async function logExport(db: AppDb, input: ExportLogInput): Promise<ExportLog> {
  const row = await insertExportLog(db, {
    userId: input.userId,
    organizationId: input.organizationId,
    url: clip(input.url, 2000),
    componentName: clip(input.componentName, 200),
    reportName: clip(input.reportName, 200),
    // numeric(12, 3): milliseconds precision is what the column keeps
    timeToComplete: Math.max(0, Math.round(input.timeToComplete * 1000) / 1000),
    size: Math.max(0, Math.round(input.size)),
    exportTime: input.exportTime ?? new Date(),
  });
  return { ...row, timeToComplete: Number(row.timeToComplete), exportTime: row.exportTime.toISOString() };
}

export async function recordBrowserExport(
  db: AppDb,
  who: { userId: number; organizationId: number },
  body: CreateExportLogBody,
): Promise<ExportLog> {
  return logExport(db, {
    ...who,
    url: body.url,
    componentName: body.componentName,
    reportName: body.reportName,
    timeToComplete: body.timeToComplete,
    size: body.size,
    ...(body.exportTime ? { exportTime: new Date(body.exportTime) } : {}),
  });
}
