/**
 * Rules of the harvest reports and yield estimates: who sees which rows (the organisation's own on
 * the caller's farms, see data-rules/farm-scope, plus bins delivered to packhouses it owns), the season shown, the
 * figures (computed with the shared formulas; docs/domain.md, Harvest) and the estimate save with its
 * 0..400 rule, linked-block rule, original-becomes-adjusted rule and optimistic concurrency.
 */
import { dayOf } from '@orchard/shared/core';
import {
  ESTIMATE_CONFLICT_MESSAGE,
  PUC_REPORT_CSV_COLUMNS,
  PUC_REPORT_EXPORT_NAMES,
  PUC_REPORT_TOTAL_LABEL,
  UNLINKED_BLOCK_MESSAGE,
  blockReportRow,
  blockReportTotals,
  compareNatural,
  estimateSaveHa,
  pucReportFileName,
  pucReportRow,
  pucReportTotals,
  roundFigure,
  sortBlockRows,
  sortPucRows,
  type BlockEstimateSaveBody,
  type BlockReportPage,
  type BlockReportQuery,
  type BlockReportRowResponse,
  type EstimateHistoryResponse,
  type HarvestFarm,
  type HarvestPackhouse,
  type HarvestPucOption,
  type HarvestVariety,
  type HarvestVarietiesQuery,
  type PucReportPage,
  type PucReportQuery,
} from '@orchard/shared/harvest';
import { recordAudit, type AuditActor } from '../audit-trail/index';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { conflict, notFound, preconditionFailed } from '../../lib/errors';
import { findBlockReport, findBlockRows, type BlockRowData } from './block-report.repository';
import { farmExists, findFarms, findPucs, findReportPackhouses } from './harvest-lookups.repository';
import { findFarmBlockHa, findProductionBlock, lockProductionBlock } from './production-blocks.repository';
import { findPucAggregates, findReportVarieties } from './puc-report.repository';
import { resolveSeason, seasonOfDay } from './season';
import { findEstimateHistory, findLatestEstimate, insertEstimate } from './yield-estimates.repository';

/** The caller: the user in the current organisation. */
export type HarvestActor = FarmViewer & AuditActor;

const ESTIMATE_HISTORY_LIMIT = 500;

export async function listReportPackhouses(db: AppDb, organizationId: number): Promise<HarvestPackhouse[]> {
  const rows = await findReportPackhouses(db, organizationId);
  return rows.map((p) => ({ id: p.id, name: p.name, shortName: p.shortName }));
}

/** A packhouse the organisation may report on (linked or owned); another one looks nonexistent. */
async function findVisiblePackhouse(db: AppDb, organizationId: number, packhouseId: number) {
  const packhouse = (await findReportPackhouses(db, organizationId)).find((p) => p.id === packhouseId);
  if (!packhouse) throw notFound('Packhouse');
  return { id: packhouse.id, ownsPackhouse: packhouse.ownerOrganizationId === organizationId };
}

export async function listReportVarieties(db: AppDb, viewer: HarvestActor, query: HarvestVarietiesQuery, now: Date): Promise<HarvestVariety[]> {
  const { organizationId } = viewer;
  const packhouse = query.packhouse === undefined ? null : await findVisiblePackhouse(db, organizationId, query.packhouse);
  const season = await resolveSeason(db, organizationId, query.season, now);
  const rows = await findReportVarieties(db, {
    organizationId,
    userId: viewer.userId,
    season,
    packhouseId: packhouse?.id ?? null,
    ownsPackhouse: packhouse?.ownsPackhouse ?? false,
  });
  return rows.map((v) => ({ id: v.id, variety_Name: v.varietyName, commodity: v.commodity }));
}

/** Harvest PUC report: per-PUC aggregates from SQL, figures and totals from the shared formulas. */
export async function getPucReport(db: AppDb, viewer: HarvestActor, query: PucReportQuery, now: Date): Promise<PucReportPage> {
  const { organizationId } = viewer;
  const packhouse = query.packhouse === undefined ? null : await findVisiblePackhouse(db, organizationId, query.packhouse);
  const season = await resolveSeason(db, organizationId, query.season, now);
  const aggregates = await findPucAggregates(db, {
    organizationId,
    userId: viewer.userId,
    season,
    packhouseId: packhouse?.id ?? null,
    ownsPackhouse: packhouse?.ownsPackhouse ?? false,
    varietyId: query.variety ?? null,
  });
  const rows = sortPucRows(
    aggregates.map((a) => ({
      pucId: a.pucId,
      ...pucReportRow({
        puc: a.puc,
        not_Tipped: a.notTipped,
        tipped: a.tipped,
        tipped_Kgs: a.tippedKgs,
        remaining_Tonnes: a.remainingTonnes,
        completedBlocks: a.completedBlocks,
        incompleteBlocks: a.incompleteBlocks,
      }),
    })),
  );
  return { season, packhouse: packhouse?.id ?? null, variety: query.variety ?? null, rows, totals: pucReportTotals(rows) };
}

type PucReportFigureCells = Pick<PucReportPage['totals'], 'untippedTonnes' | 'tippedTonnes' | 'combinedTonnes' | 'remainingTonnes' | 'blocksEstimated'>;

/** A report line as the CSV writes it: the figures rounded as their cells show them. */
function pucReportCsvRow(puc: string, figures: PucReportFigureCells) {
  return {
    puc,
    untippedTonnes: roundFigure(figures.untippedTonnes),
    tippedTonnes: roundFigure(figures.tippedTonnes),
    combinedTonnes: roundFigure(figures.combinedTonnes),
    remainingTonnes: roundFigure(figures.remainingTonnes),
    blocksEstimated: figures.blocksEstimated,
  };
}

/**
 * The Harvest PUC report as CSV (lib/csv-export.ts): the same filter, permission, farm scope and
 * season as the report (a packhouse outside the organisation's answers 404 before anything is
 * written or logged), its rows in its order, then its Total row.
 */
export async function exportPucReport(db: AppDb, viewer: HarvestActor, query: PucReportQuery, now: Date, url: string): Promise<CsvExport> {
  const report = await getPucReport(db, viewer, query, now);
  const lines = [...report.rows.map((r) => pucReportCsvRow(r.puc, r)), pucReportCsvRow(PUC_REPORT_TOTAL_LABEL, report.totals)];
  return {
    fileName: pucReportFileName(now),
    ...byColumns(PUC_REPORT_CSV_COLUMNS, lines),
    log: { userId: viewer.userId, organizationId: viewer.organizationId, url, ...PUC_REPORT_EXPORT_NAMES, exportTime: now },
  };
}

export async function listFarms(db: AppDb, viewer: HarvestActor): Promise<HarvestFarm[]> {
  const rows = await findFarms(db, viewer);
  return rows.map((f) => ({ id: f.id, farm_Name: f.farmName, legal_Entity: f.legalEntityId }));
}

function toPucOption(p: { id: number; pucName: string; farmId: number; farmName: string }): HarvestPucOption {
  return { id: p.id, puc_Name: p.pucName, farm: p.farmId, farm_Name: p.farmName, label: `${p.farmName} - ${p.pucName}` };
}

/** PUC dropdown: "farm name - PUC name", alphabetically; per farm for the Estimate appraisal. */
export async function listPucOptions(db: AppDb, viewer: HarvestActor, farmId: number | undefined): Promise<HarvestPucOption[]> {
  if (farmId !== undefined && !(await farmExists(db, viewer, farmId))) throw notFound('Farm');
  const rows = await findPucs(db, viewer, { farmId });
  return rows.map(toPucOption).sort((a, b) => compareNatural(a.label, b.label));
}

function toBlockRow(d: BlockRowData): BlockReportRowResponse {
  const figures = blockReportRow({
    puc: d.puc,
    citrii_Block: d.farmBlockName,
    citrii_Block_Id: d.farmBlockId,
    production_Block: d.productionBlock,
    variety: d.variety,
    ha: d.ha,
    not_Tipped: d.notTipped,
    tipped: d.tipped,
    tipped_Kgs: d.tippedKgs,
    tonnes_Per_Ha: d.tonnesPerHa,
    tonnes_Per_Ha_Adjusted: d.tonnesPerHaAdjusted,
    version: d.version,
  });
  return { ...figures, production_Block_Code: d.productionBlockCode, daff: d.daff };
}

/** Fruitbins Block Report (and the Estimate appraisal): one row per production block of the PUC. */
export async function getBlockReport(
  db: AppDb,
  viewer: HarvestActor,
  pucId: number,
  query: BlockReportQuery,
  now: Date,
): Promise<BlockReportPage> {
  const report = await findBlockReport(db, viewer, pucId, query.season, seasonOfDay(dayOf(now)));
  if (!report) throw notFound('PUC');
  const { season, puc } = report;
  const rows = sortBlockRows(report.rows.map(toBlockRow));
  return { season, puc: toPucOption(puc), rows, totals: blockReportTotals(rows) };
}

/**
 * Saves an adjusted T/Ha as a new estimate version (history is never overwritten), with the
 * hectares sent or, when the row showed none, the stored ones (estimateSaveHa). The block row is
 * locked for the check-and-insert, so of two saves from the same version exactly one wins and the
 * other gets 412. Answers the recomputed row.
 */
export async function saveBlockEstimate(
  db: AppDb,
  actor: HarvestActor,
  body: BlockEstimateSaveBody,
  now: Date,
): Promise<BlockReportRowResponse> {
  const { organizationId } = actor;
  const season = await resolveSeason(db, organizationId, undefined, now);
  await db.transaction(async (tx) => {
    const block = await lockProductionBlock(tx, actor, body.production_Block);
    if (!block) throw notFound('Production block');
    if (block.farmBlockId === null) throw conflict(UNLINKED_BLOCK_MESSAGE);
    const latest = await findLatestEstimate(tx, organizationId, block.id, season);
    if ((latest?.id ?? 0) !== body.version) throw preconditionFailed(ESTIMATE_CONFLICT_MESSAGE);
    // hectares the row did not show are the stored ones, never 0 (estimateSaveHa)
    const linkedBlockHa = body.ha == null && latest === null ? await findFarmBlockHa(tx, organizationId, block.farmBlockId) : null;
    const ha = estimateSaveHa(body.ha, { latestEstimateHa: latest?.ha, linkedBlockHa });
    if (ha === null) throw conflict(UNLINKED_BLOCK_MESSAGE);
    const saved = {
      organizationId,
      productionBlockId: block.id,
      season,
      ha,
      // saving also sets the original estimate to the adjusted one, when one existed (docs/domain.md, Yield estimates)
      tonnesPerHa: latest && latest.tonnesPerHa !== null ? body.tonnes_Per_Ha : null,
      tonnesPerHaAdjusted: body.tonnes_Per_Ha,
      createdBy: actor.userId,
      createdAt: now,
    };
    await insertEstimate(tx, saved);
    // the estimate history keeps every version; the audit trail says who moved it from what to what
    const audited = (e: { ha: number | null; tonnesPerHa: number | null; tonnesPerHaAdjusted: number | null }) => ({
      season,
      ha: e.ha,
      tonnesPerHa: e.tonnesPerHa,
      tonnesPerHaAdjusted: e.tonnesPerHaAdjusted,
    });
    await recordAudit(tx, actor, {
      organizationId,
      area: 'estimates',
      action: latest ? 'update' : 'create',
      entityType: 'production-block-estimate',
      entityId: block.id,
      label: `${block.code} (${season})`,
      before: latest ? audited(latest) : null,
      after: audited(saved),
    });
  });
  const [row] = await findBlockRows(db, actor, season, { productionBlockId: body.production_Block });
  if (!row) throw notFound('Production block');
  return toBlockRow(row);
}

export async function getEstimateHistory(db: AppDb, viewer: HarvestActor, productionBlockId: number): Promise<EstimateHistoryResponse> {
  const block = await findProductionBlock(db, viewer, productionBlockId);
  if (!block) throw notFound('Production block');
  const rows = await findEstimateHistory(db, viewer.organizationId, productionBlockId, ESTIMATE_HISTORY_LIMIT);
  return {
    production_Block: productionBlockId,
    entries: rows.map((r) => ({
      id: r.id,
      season: r.season,
      ha: r.ha,
      tonnes_Per_Ha: r.tonnesPerHa,
      tonnes_Per_Ha_Adjusted: r.tonnesPerHaAdjusted,
      createdBy: r.createdBy,
      createdByName: r.createdByName,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
