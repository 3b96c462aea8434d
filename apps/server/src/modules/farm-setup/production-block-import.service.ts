/**
 * Production block import (management.farmSetup): a CSV file of blocks, previewed line by line
 * (created, changed, unchanged or refused with the reasons) and written all or nothing, answered as
 * every CSV import answers (shared core/csv-import.ts).
 *
 * A line names a PUC on the caller's farms (another organisation's or farm's PUC is unknown, like
 * one that does not exist) and a block code under it: an existing block there is changed (its
 * version raised; the farm block link kept), otherwise a block is created. Formula cells, bad
 * numbers, planting years outside PLANTING_YEAR_MIN..the current year, unknown varieties and a
 * PUC and code named twice refuse the line. A commit with any refused line writes nothing (400);
 * a block someone edited between the read and the write answers 412.
 */
import { csvImportAnswer, dayOf, type CsvImportAnswer, type CsvImportLine, type CsvImportQuery } from '@orchard/shared/core';
import { FARM_SETUP_MESSAGES, PLANTING_YEAR_MIN, plantingYearMessage } from '@orchard/shared/farm-setup';
import type { AppDb } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { lineProblem, refuseRefusedLines } from '../../lib/csv-import';
import { conflict, preconditionFailed } from '../../lib/errors';
import { findProductionBlock, findProductionBlocks, findPucs, findVarieties, insertProductionBlock, updateProductionBlockIfVersion } from './farm-setup.repository';
import { setupAudit, type FarmSetupActor } from './farm-setup.service';
import { recordAudit } from '../audit-trail/index';
import { parseBlockCsv } from './production-block-csv';

const key = (text: string) => text.trim().toLowerCase();

type Planned = CsvImportLine & {
  values: { pucId: number; code: string; name: string; ha: number; varietyId: number; plantingYear: number | null } | null;
  version: number | null;
};

async function plan(db: AppDb, actor: FarmSetupActor, bytes: Buffer, now: Date): Promise<Planned[]> {
  const records = parseBlockCsv(bytes);
  const pucsByName = new Map((await findPucs(db, actor, undefined)).map((p) => [key(p.pucName), p]));
  const varietiesByName = new Map((await findVarieties(db)).map((v) => [key(v.varietyName), v.id]));
  const blocks = new Map((await findProductionBlocks(db, actor, undefined)).map((b) => [`${b.pucId}:${key(b.code)}`, b]));
  const maxYear = Number(dayOf(now).slice(0, 4));
  const seen = new Set<string>();

  return records.map((record): Planned => {
    const problems = [...record.problems];
    const { values } = record;
    const puc = pucsByName.get(key(values.puc));
    if (values.puc !== '' && !problems.some((p) => p.field === 'puc') && !puc) problems.push({ field: 'puc', message: FARM_SETUP_MESSAGES.importUnknownPuc });
    const varietyId = varietiesByName.get(key(values.variety));
    if (values.variety !== '' && !problems.some((p) => p.field === 'variety') && varietyId === undefined) {
      problems.push({ field: 'variety', message: FARM_SETUP_MESSAGES.importUnknownVariety });
    }
    if (record.plantingYear !== null && (record.plantingYear < PLANTING_YEAR_MIN || record.plantingYear > maxYear)) {
      problems.push({ field: 'planting_year', message: plantingYearMessage(maxYear) });
    }
    const blockKey = puc ? `${puc.id}:${key(values.code)}` : null;
    if (blockKey && values.code !== '') {
      if (seen.has(blockKey)) problems.push({ field: 'code', message: FARM_SETUP_MESSAGES.importDuplicate });
      seen.add(blockKey);
    }
    const base = { line: record.line, cells: values };
    if (problems.length > 0 || !puc || varietyId === undefined || record.ha === null) {
      return { ...base, status: 'refused', id: null, problems: problems.map((p) => lineProblem(p.field, p.message)), values: null, version: null };
    }
    const next = { pucId: puc.id, code: values.code, name: values.name, ha: record.ha, varietyId, plantingYear: record.plantingYear };
    const existing = blockKey ? blocks.get(blockKey) : undefined;
    if (!existing) return { ...base, status: 'created', id: null, problems: [], values: next, version: null };
    const same =
      existing.code === next.code &&
      existing.name === next.name &&
      existing.ha === next.ha &&
      existing.varietyId === next.varietyId &&
      existing.plantingYear === next.plantingYear;
    return { ...base, status: same ? 'unchanged' : 'changed', id: existing.id, problems: [], values: next, version: existing.version };
  });
}

const answer = (lines: Planned[], committed: boolean): CsvImportAnswer =>
  csvImportAnswer(
    lines.map(({ values: _values, version: _version, ...line }) => line),
    committed,
  );

export async function importProductionBlocks(db: AppDb, actor: FarmSetupActor, bytes: Buffer, query: CsvImportQuery, now: Date): Promise<CsvImportAnswer> {
  if (query.mode === 'preview') return answer(await plan(db, actor, bytes, now), false);
  try {
    return await commit(db, actor, bytes, now);
  } catch (err) {
    // a block created by someone else between the read and the write
    if (isUniqueViolation(err)) throw conflict(FARM_SETUP_MESSAGES.blockCodeTaken);
    throw err;
  }
}

async function commit(db: AppDb, actor: FarmSetupActor, bytes: Buffer, now: Date): Promise<CsvImportAnswer> {
  return db.transaction(async (tx) => {
    const lines = await plan(tx, actor, bytes, now);
    refuseRefusedLines(lines, FARM_SETUP_MESSAGES.importHasErrors);
    for (const line of lines) {
      if (!line.values) continue;
      if (line.status === 'created') {
        const created = await insertProductionBlock(tx, actor.organizationId, { ...line.values, farmBlockId: null });
        line.id = created.id;
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'production-block', created.id, created.code), action: 'create', after: created });
      } else if (line.status === 'changed') {
        const before = await findProductionBlock(tx, actor, line.id!);
        const updated = await updateProductionBlockIfVersion(tx, actor.organizationId, line.id!, line.version!, line.values);
        if (!updated) throw preconditionFailed(FARM_SETUP_MESSAGES.stale);
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'production-block', updated.id, updated.code), action: 'update', before, after: updated });
      }
    }
    return answer(lines, true);
  });
}
