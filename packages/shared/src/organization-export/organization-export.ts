/**
 * Organisation data export (docs/domain.md, Organisation data export): an administrator of the
 * organisation (management.organisationData) downloads everything the organisation owns as one zip
 * archive: one CSV file per table and a manifest. `contents` lists the files the archive holds
 * (the screen shows it before the download); `archive` answers the zip itself, streamed.
 */
import { z } from 'zod';
import { exportFileTimestamp } from '../picking/csv.js';

export const ORGANIZATION_EXPORT_PATHS = {
  /** what the archive holds: the organisation and one entry per file */
  contents: '/api/organization-export/contents',
  /** the archive (application/zip attachment) */
  archive: '/api/organization-export/archive',
} as const;

/** The manifest's file name inside the archive; it is the archive's last entry (its counts are the rows written). */
export const ORGANIZATION_EXPORT_MANIFEST = 'manifest.json';

export const ORGANIZATION_EXPORT_FILE_PREFIX = 'OrganisationData';
export const ORGANIZATION_EXPORT_NAMES = { componentName: 'OrganizationExportComponent', reportName: 'Organisation Data' } as const;

/** OrganisationData-yyyy-MM-dd-HH-mm-ss.zip */
export function organizationExportFileName(at: Date): string {
  return `${ORGANIZATION_EXPORT_FILE_PREFIX}-${exportFileTimestamp(at)}.zip`;
}

/** The CSV file of a table inside the archive. */
export function organizationExportTableFile(table: string): string {
  return `${table}.csv`;
}

export const organizationExportContentsSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** the latest migration the database has (the manifest's schemaVersion) */
  schemaVersion: z.string(),
  files: z.array(z.object({ file: z.string(), table: z.string(), columns: z.array(z.string()) })),
});
export type OrganizationExportContents = z.infer<typeof organizationExportContentsSchema>;

/** manifest.json: what the archive holds, written after the last table so the counts are the rows in the files. */
export const organizationExportManifestSchema = z.object({
  organization: z.object({ id: z.number().int(), name: z.string() }),
  /** RFC 3339 */
  exportedAt: z.string(),
  schemaVersion: z.string(),
  files: z.array(z.object({ file: z.string(), table: z.string(), rowCount: z.number().int().nonnegative(), columns: z.array(z.string()) })),
});
export type OrganizationExportManifest = z.infer<typeof organizationExportManifestSchema>;
