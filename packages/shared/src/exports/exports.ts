/**
 * Export logs (docs/domain.md, Export log: url, componentName, reportName, timeToComplete
 * (seconds), size, exportTime). Server-side CSV exports write theirs directly;
 * exports built in the browser report theirs through POST /api/export-logs.
 */
import { z } from 'zod';
import { instantSchema, INT_MAX } from '../core/common.js';

export const EXPORTS_PATHS = {
  exportLogs: '/api/export-logs',
} as const;

export const createExportLogBodySchema = z.object({
  url: z.string().trim().min(1).max(2000),
  componentName: z.string().trim().min(1).max(200),
  reportName: z.string().trim().min(1).max(200),
  /** seconds */
  timeToComplete: z.number().min(0).max(86_400),
  /** bytes */
  size: z.number().int().min(0).max(INT_MAX),
  /** when the export finished; the server's clock when omitted */
  exportTime: instantSchema().optional(),
});
export type CreateExportLogBody = z.infer<typeof createExportLogBodySchema>;

export const exportLogSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  componentName: z.string(),
  reportName: z.string(),
  timeToComplete: z.number(),
  size: z.number().int(),
  exportTime: z.string(),
});
export type ExportLog = z.infer<typeof exportLogSchema>;
