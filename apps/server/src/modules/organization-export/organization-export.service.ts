/**
 * The organisation data export (docs/domain.md, Organisation data export): every table the
 * organisation owns (organization-export.tables.ts) as one CSV file of a zip archive, and
 * manifest.json last, once the counts of the rows written are known.
 *
 * Memory stays flat whatever the organisation's size: yazl asks for a table's rows only when the
 * archive reaches its file (addReadStreamLazy), the rows are read a keyset page at a time
 * (db/batches.ts) and written by the one CSV writer (lib/csv-export.ts), and every stage is piped,
 * so a slow download pauses the compressor, which pauses the reading: nothing is read ahead of
 * what the client takes.
 */
import { Readable, Transform } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { businessTimestamp } from '@orchard/shared/core';
import {
  ORGANIZATION_EXPORT_MANIFEST,
  ORGANIZATION_EXPORT_NAMES,
  organizationExportFileName,
  organizationExportTableFile,
  type OrganizationExportContents,
  type OrganizationExportManifest,
} from '@orchard/shared/organization-export';
import { ZipFile } from 'yazl';
import { inBatches } from '../../db/batches';
import type { AppDb } from '../../db/client';
import { findMigrationsFolder } from '../../db/migrate';
import { csvChunks, type CsvCell } from '../../lib/csv-export';
import { notFound } from '../../lib/errors';
import { logExport } from '../exports/index';
import { findOrganizationName, findTablePage } from './organization-export.repository';
import { EXPORTED_TABLES, type ExportedTable } from './organization-export.tables';

let schemaVersion: string | undefined;

/** The latest migration's tag (the server migrates on start, so it is the database's). */
export function currentSchemaVersion(): string {
  if (schemaVersion === undefined) {
    const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    schemaVersion = journal.entries[journal.entries.length - 1]!.tag;
  }
  return schemaVersion;
}

const columnsOf = (spec: ExportedTable) => spec.columns.map((c) => c.name);

async function organizationOf(db: AppDb, organizationId: number) {
  const name = await findOrganizationName(db, organizationId);
  if (name === undefined) throw notFound('Organization');
  return { id: organizationId, name };
}

export async function getExportContents(db: AppDb, organizationId: number): Promise<OrganizationExportContents> {
  return {
    organization: await organizationOf(db, organizationId),
    schemaVersion: currentSchemaVersion(),
    files: EXPORTED_TABLES.map((spec) => ({ file: organizationExportTableFile(spec.name), table: spec.name, columns: columnsOf(spec) })),
  };
}

export interface ArchiveRequest {
  userId: number;
  organizationId: number;
  /** the request's url, for the export log */
  url: string;
  now: Date;
}

/** The archive's file name and its bytes, produced as they are read. */
export async function openOrganizationArchive(db: AppDb, request: ArchiveRequest): Promise<{ fileName: string; stream: Readable }> {
  const organization = await organizationOf(db, request.organizationId);
  const started = Date.now();
  const files: OrganizationExportManifest['files'] = [];
  const zip = new ZipFile();
  let size = 0;
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
    // the export log row is written once the last byte is, before the response ends
    flush(done) {
      logExport(db, {
        userId: request.userId,
        organizationId: request.organizationId,
        url: request.url,
        ...ORGANIZATION_EXPORT_NAMES,
        timeToComplete: (Date.now() - started) / 1000,
        size,
        exportTime: request.now,
      }).then(
        () => done(),
        (err: unknown) => done(err as Error),
      );
    },
  });
  // a table that cannot be read ends the download (no manifest: the archive is visibly incomplete)
  const fail = (err: Error) => out.destroy(err);
  zip.on('error', fail);

  for (const spec of EXPORTED_TABLES) {
    zip.addReadStreamLazy(organizationExportTableFile(spec.name), { mtime: request.now }, (ready) => {
      const file = { file: organizationExportTableFile(spec.name), table: spec.name, rowCount: 0, columns: columnsOf(spec) };
      files.push(file);
      async function* rows() {
        for await (const row of inBatches((after: { cells: CsvCell[]; key: unknown[] } | undefined, pageSize) => findTablePage(db, spec, request.organizationId, after?.key, pageSize))) {
          file.rowCount += 1;
          yield row.cells;
        }
      }
      const csv = Readable.from(csvChunks({ header: file.columns, rows: rows() }), { objectMode: false });
      csv.on('error', fail);
      ready(null, csv);
    });
  }
  zip.addReadStreamLazy(ORGANIZATION_EXPORT_MANIFEST, { mtime: request.now }, (ready) => {
    const manifest: OrganizationExportManifest = {
      organization,
      exportedAt: businessTimestamp(request.now),
      schemaVersion: currentSchemaVersion(),
      files,
    };
    ready(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8')]));
  });
  zip.end();
  zip.outputStream.on('error', fail);
  zip.outputStream.pipe(out);
  return { fileName: organizationExportFileName(request.now), stream: out };
}
