/** Writing and reading export log rows. */
import type { AppDb } from '../../db/client';
import { exportLogs } from '../../db/schema/index';

export interface NewExportLog {
  userId: number;
  organizationId: number;
  url: string;
  componentName: string;
  reportName: string;
  /** seconds */
  timeToComplete: number;
  /** bytes */
  size: number;
  exportTime: Date;
}

export async function insertExportLog(db: AppDb, log: NewExportLog) {
  const [row] = await db.insert(exportLogs).values(log).returning({
    id: exportLogs.id,
    url: exportLogs.url,
    componentName: exportLogs.componentName,
    reportName: exportLogs.reportName,
    timeToComplete: exportLogs.timeToComplete,
    size: exportLogs.size,
    exportTime: exportLogs.exportTime,
  });
  return row!;
}
