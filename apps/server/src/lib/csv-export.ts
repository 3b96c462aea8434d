/**
 * The one way the server sends a CSV download. Every export (attendance, farm operations, login
 * history, picking schedules, the users' legal-entity report) describes itself as a CsvExport (file
 * name, header, rows, what to log) and `reply.sendCsvExport(csv)` (decorated by the exports module,
 * which writes the log row) does the rest the same way for all of them:
 *
 * - cells that could start a spreadsheet formula are neutralised (headers too);
 * - RFC 4180 quoting from csv-stringify, CRLF line ends;
 * - the attachment headers (text/csv; charset=utf-8, Content-Disposition with the file name);
 * - the rows are streamed: read from the (async) iterable a batch at a time and written as they
 *   come, so the whole file is never held in memory;
 * - one export-log row (url, componentName, reportName, timeToComplete, size, exportTime) once the
 *   last byte is written and before the response ends.
 */
import { Readable } from 'node:stream';
import { businessTimestamp } from '@orchard/shared/core';
import { neutraliseFormula } from '@orchard/shared/picking';
import { stringify, type Options } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Streams the export as an attachment and logs it (decorated by the exports module). */
    sendCsvExport(csv: CsvExport): Promise<FastifyReply>;
  }
}

export type CsvCell = string | number | boolean | Date | null | undefined;

export interface CsvColumn<K extends string = string> {
  key: K;
  header: string;
}

export type CsvRows = Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>;

export interface CsvExport {
  /** the attachment's file name */
  fileName: string;
  /** a line written verbatim before the header (the picking exports' `sep=,`), without its line end */
  preamble?: string;
  header: readonly string[];
  /** the data rows, read lazily while the response is written */
  rows: CsvRows;
  /** the export-log row; its time to complete and size are measured while sending */
  log: {
    userId: number;
    organizationId: number;
    url: string;
    componentName: string;
    reportName: string;
    exportTime: Date;
  };
}

/** Rows written per csv-stringify call (and per chunk of the response). */
export const CSV_BATCH_ROWS = 500;

const WRITER_OPTIONS: Options = { record_delimiter: 'windows' };

/**
 * One cell made safe for a spreadsheet. Text starting with = + - @ tab or carriage return gets a
 * leading apostrophe (the rule lives in packages/shared, so browser-built exports agree). Numbers
 * stay numbers: String(number) cannot start a formula and a negative figure must remain a figure.
 * null and undefined become empty cells; dates become RFC 3339 in the business time zone with their
 * offset (businessTimestamp), as every time in every file is written. Neutralising twice changes nothing.
 */
export function neutraliseCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return businessTimestamp(value);
  return neutraliseFormula(value);
}

/** The header and the rows of keyed records, cells in the columns' order (rows mapped lazily). */
export function byColumns<K extends string>(
  columns: readonly CsvColumn<K>[],
  records: Iterable<Record<K, CsvCell>> | AsyncIterable<Record<K, CsvCell>>,
): Pick<CsvExport, 'header' | 'rows'> {
  async function* rows() {
    for await (const record of records) yield columns.map((c) => record[c.key]);
  }
  return { header: columns.map((c) => c.header), rows: rows() };
}

/**
 * The file as chunks of UTF-8 bytes: preamble and header, then the rows a batch at a time. After the
 * last chunk `finished` receives the byte count; the stream ends only once it has resolved.
 */
export async function* csvChunks(csv: Pick<CsvExport, 'preamble' | 'header' | 'rows'>, finished?: (size: number) => Promise<void>): AsyncGenerator<Buffer> {
  let size = 0;
  const chunk = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    size += bytes.length;
    return bytes;
  };
  // the preamble is written as it is: through the writer it would be quoted (sep=, holds a comma)
  let lead = csv.preamble === undefined ? '' : `${csv.preamble}\r\n`;
  let batch: (string | number)[][] = [csv.header.map(neutraliseCell)];
  for await (const row of csv.rows) {
    batch.push(row.map(neutraliseCell));
    if (batch.length >= CSV_BATCH_ROWS) {
      yield chunk(lead + stringify(batch, WRITER_OPTIONS));
      lead = '';
      batch = [];
    }
  }
  if (lead || batch.length > 0) yield chunk(lead + stringify(batch, WRITER_OPTIONS));
  await finished?.(size);
}

/** What is known once the last byte is written: the file's size and the time since the request came. */
export interface CsvSent {
  size: number;
  /** seconds */
  timeToComplete: number;
}

/**
 * Sends the export as a streamed attachment; `sent` runs after the last chunk and before the
 * response ends. The header and the first batch are read before anything is sent, so a source that
 * fails at once still answers with the error envelope.
 */
export async function streamCsvExport(reply: FastifyReply, csv: CsvExport, sent: (done: CsvSent) => Promise<void>): Promise<FastifyReply> {
  const chunks = csvChunks(csv, async (size) => {
    await sent({ size, timeToComplete: reply.elapsedTime / 1000 });
  });
  const first = await chunks.next();
  async function* body() {
    if (!first.done) yield first.value;
    yield* chunks;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.fileName}"`)
    .send(Readable.from(body()));
}
