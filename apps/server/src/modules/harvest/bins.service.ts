/**
 * Bin intake: bins received for a production block (tipped or waiting), tipping waiting bins, and
 * the CSV import with a preview that checks every row and a commit that writes all rows or none.
 * Only the grower organisation that owns the production block records its bins, and only a user
 * who may see the block's farm (data-rules/farm-scope); another block answers 404 (import: unknown PUC/block).
 */
import { csvImportAnswer, dayOf, type CsvImportLine, type CsvImportQuery } from '@orchard/shared/core';
import {
  BIN_IMPORT_MAX_BINS,
  BIN_IMPORT_MESSAGES,
  BIN_IMPORT_PROGRESS_ROWS,
  BIN_MESSAGES,
  type BinImportProgress,
  type BinImportResponse,
  type BinIntakeBody,
  type BinIntakeResponse,
  type BinTippingBody,
  type BinTippingResponse,
  receivedDateProblem,
  tippedKgsProblem,
} from '@orchard/shared/harvest';
import type { AppDb } from '../../db/client';
import { fileRefused, lineProblem, refuseRefusedLines } from '../../lib/csv-import';
import { notFound, validationFailed } from '../../lib/errors';
import { type BinBatch, countUntippedBins, insertBinBatches, tipOldestBins } from './bins.repository';
import { parseBinCsv, type BinCsvRecord } from './bin-csv';
import { findReportPackhouses } from './harvest-lookups.repository';
import { findImportBlocks, findProductionBlock } from './production-blocks.repository';
import type { HarvestActor } from './harvest.service';
import { receivedAtFor, seasonOfDay } from './season';

async function requirePackhouse(db: AppDb, organizationId: number, packhouseId: number): Promise<void> {
  const visible = await findReportPackhouses(db, organizationId);
  if (!visible.some((p) => p.id === packhouseId)) {
    throw validationFailed('The request is not valid', [{ field: 'packhouse', message: BIN_MESSAGES.packhouse }]);
  }
}

function batchFor(
  input: { productionBlockId: number; packhouseId: number; varietyId: number; day: string; bins: number; tipped: boolean; tippedKgs: number | null },
  now: Date,
): BinBatch {
  return {
    productionBlockId: input.productionBlockId,
    packhouseId: input.packhouseId,
    varietyId: input.varietyId,
    season: seasonOfDay(input.day),
    receivedAt: receivedAtFor(input.day, now),
    receivedDate: input.day,
    bins: input.bins,
    tipped: input.tipped,
    tippedAt: input.tipped ? now.toISOString() : null,
    kgsEach: input.tipped && input.tippedKgs !== null ? input.tippedKgs / input.bins : null,
  };
}

export async function recordBins(db: AppDb, actor: HarvestActor, body: BinIntakeBody, now: Date): Promise<BinIntakeResponse> {
  const { organizationId } = actor;
  const block = await findProductionBlock(db, actor, body.production_Block);
  if (!block) throw notFound('Production block');
  const future = receivedDateProblem(body.received_Date, dayOf(now));
  if (future) throw validationFailed('The request is not valid', [{ field: 'received_Date', message: future }]);
  await requirePackhouse(db, organizationId, body.packhouse);
  const tippedKgs = body.tipped ? (body.tipped_Kgs ?? null) : null;
  const batch = batchFor(
    {
      productionBlockId: block.id,
      packhouseId: body.packhouse,
      varietyId: block.varietyId,
      day: body.received_Date,
      bins: body.count,
      tipped: body.tipped,
      tippedKgs,
    },
    now,
  );
  await insertBinBatches(db, organizationId, actor.userId, [batch]);
  return {
    production_Block: block.id,
    packhouse: body.packhouse,
    count: body.count,
    received_Date: body.received_Date,
    season: batch.season,
    tipped: body.tipped,
    tipped_Kgs: tippedKgs,
  };
}

/** Tips the oldest waiting bins of the block at the packhouse; all of `count` or none. */
export async function tipBins(db: AppDb, actor: HarvestActor, body: BinTippingBody, now: Date): Promise<BinTippingResponse> {
  const { organizationId } = actor;
  const block = await findProductionBlock(db, actor, body.production_Block);
  if (!block) throw notFound('Production block');
  await requirePackhouse(db, organizationId, body.packhouse);
  return db.transaction(async (tx) => {
    const waiting = await countUntippedBins(tx, organizationId, block.id, body.packhouse);
    const notEnough = (available: number) =>
      validationFailed('The request is not valid', [{ field: 'count', message: BIN_MESSAGES.notEnoughUntipped(available) }]);
    if (waiting < body.count) throw notEnough(waiting);
    const tipped = await tipOldestBins(tx, organizationId, {
      productionBlockId: block.id,
      packhouseId: body.packhouse,
      count: body.count,
      kgsEach: body.tipped_Kgs / body.count,
      tippedAt: now.toISOString(),
    });
    // another tipping of the same bins committed in between: roll back rather than tip fewer
    if (tipped < body.count) throw notEnough(tipped);
    return {
      production_Block: block.id,
      packhouse: body.packhouse,
      tipped,
      tipped_Kgs: body.tipped_Kgs,
      not_Tipped: waiting - tipped,
    };
  });
}

const lower = (value: string) => value.trim().toLowerCase();

/** Told of each step of an import; awaited, so it may hand the event loop over (and throw to stop). */
type ImportStep = (processed: number) => Promise<void>;

/**
 * Resolves and checks every row of a parsed file against the organisation's PUCs and blocks on the
 * caller's farms, and its packhouses; `step` after every BIN_IMPORT_PROGRESS_ROWS rows and at the end.
 */
async function checkRecords(db: AppDb, actor: HarvestActor, records: readonly BinCsvRecord[], now: Date, step: ImportStep) {
  const { organizationId } = actor;
  const blocks = await findImportBlocks(db, actor);
  const blockByKey = new Map(blocks.map((b) => [`${lower(b.pucName)}\u0000${lower(b.code)}`, b]));
  const pucNames = new Set(blocks.map((b) => lower(b.pucName)));
  const packhouseByName = new Map<string, number>();
  for (const p of await findReportPackhouses(db, organizationId)) {
    packhouseByName.set(lower(p.name), p.id);
    if (p.shortName) packhouseByName.set(lower(p.shortName), p.id);
  }
  const today = dayOf(now);

  const lines: CsvImportLine[] = [];
  const batches: BinBatch[] = [];
  let totalBins = 0;
  for (const [index, record] of records.entries()) {
    if (index > 0 && index % BIN_IMPORT_PROGRESS_ROWS === 0) await step(index);
    const { line, values } = record;
    const problems = record.problems.map((p) => lineProblem(p.field, p.message));
    const hasProblem = (field: string) => problems.some((p) => p.field === field);
    const fail = (field: string, message: string) => {
      if (!hasProblem(field)) problems.push(lineProblem(field, message));
    };

    let block: (typeof blocks)[number] | undefined;
    if (!hasProblem('puc') && !hasProblem('block')) {
      if (!pucNames.has(lower(values.puc))) fail('puc', BIN_IMPORT_MESSAGES.unknownPuc);
      else {
        block = blockByKey.get(`${lower(values.puc)}\u0000${lower(values.block)}`);
        if (!block) fail('block', BIN_IMPORT_MESSAGES.unknownBlock);
      }
    }
    const packhouseId = hasProblem('packhouse') ? undefined : packhouseByName.get(lower(values.packhouse));
    if (!hasProblem('packhouse') && packhouseId === undefined) fail('packhouse', BIN_MESSAGES.packhouse);
    const future = hasProblem('received_date') ? null : receivedDateProblem(values.received_date, today);
    if (future) fail('received_date', future);
    if (record.bins !== null && record.tipped !== null && !hasProblem('tipped_kgs')) {
      const problem = tippedKgsProblem(record.bins, record.tipped, record.tippedKgs);
      if (problem) fail('tipped_kgs', problem);
    }

    // a line is a batch of bins: no one record to name
    lines.push({ line, cells: values, status: problems.length > 0 ? 'refused' : 'created', id: null, problems });
    if (problems.length > 0) continue;
    totalBins += record.bins!;
    batches.push(
      batchFor(
        {
          productionBlockId: block!.id,
          packhouseId: packhouseId!,
          varietyId: block!.varietyId,
          day: values.received_date,
          bins: record.bins!,
          tipped: record.tipped!,
          tippedKgs: record.tippedKgs,
        },
        now,
      ),
    );
  }
  await step(records.length);
  if (totalBins > BIN_IMPORT_MAX_BINS) throw fileRefused(BIN_IMPORT_MESSAGES.tooManyBins, 'bins');
  return { lines, batches, totalBins };
}

export interface ImportBinsProgress {
  /** told of each step (BinImportProgress); awaited before the import goes on */
  onProgress?: (progress: BinImportProgress) => Promise<void>;
  /** checked after each step: once aborted the import stops, and a commit writes nothing */
  signal?: AbortSignal;
}

/**
 * CSV import of bin intake, answered as every CSV import is (shared core/csv-import.ts: each line
 * created or refused, with its problems), with the bins of the lines not refused. Preview checks
 * every row and writes nothing; commit writes every row in one transaction, and only when no row is
 * refused (else 400 naming the problems by line). A file over BIN_IMPORT_MAX_BINS bins is refused
 * whole. Progress: the rows checked, then (commit) the rows written, each from 0 and every
 * BIN_IMPORT_PROGRESS_ROWS rows.
 */
export async function importBins(
  db: AppDb,
  actor: HarvestActor,
  file: Buffer,
  query: CsvImportQuery,
  now: Date,
  progress: ImportBinsProgress = {},
): Promise<BinImportResponse> {
  const stepOf =
    (phase: BinImportProgress['phase'], total: number): ImportStep =>
    async (processed) => {
      await progress.onProgress?.({ phase, processed, total });
      progress.signal?.throwIfAborted();
    };
  const records = parseBinCsv(file);
  const checking = stepOf('checking', records.length);
  await checking(0);
  const checked = await checkRecords(db, actor, records, now, checking);
  if (query.mode === 'preview') return { ...csvImportAnswer(checked.lines, false), bins: checked.totalBins };
  refuseRefusedLines(checked.lines, BIN_IMPORT_MESSAGES.hasErrors);
  const importing = stepOf('importing', checked.batches.length);
  await db.transaction(async (tx) => {
    await importing(0);
    // a step that throws (the client went away) rolls the whole import back
    await insertBinBatches(tx, actor.organizationId, actor.userId, checked.batches, { chunk: BIN_IMPORT_PROGRESS_ROWS, afterChunk: importing });
  });
  return { ...csvImportAnswer(checked.lines, true), bins: checked.totalBins };
}
