/**
 * Input checks (shared input-checks/input-checks.ts, figures in shared input-checks/figures.ts): per farm of
 * the chosen organisation that the caller may see, how old each kind of record is; and the farms
 * whose records are stale, for the attention list (the same figures, one rule).
 *
 * The chosen organisation is the current one unless `organizationId` names another: then the caller
 * must be an active member holding management.inputChecks there (404 when not a member, 403 when
 * without it), or a super user (any active organisation; 404 for an unknown or inactive one). The
 * farms shown are always those assigned to the caller in the chosen organisation.
 */
import { PERMISSIONS, dayOf } from '@orchard/shared/core';
import {
  INPUT_CHECK_KINDS,
  INPUT_CHECKS_CSV_COLUMNS,
  INPUT_CHECKS_EXPORT_NAMES,
  farmInputCheckRow,
  inputChecksCsvRow,
  inputChecksFileName,
  inputCheckFigures,
  isInputCheckStale,
  type BlockLastRecord,
  type FarmInputCheckRow,
  type InputCheckFigures,
  type InputCheckKind,
} from '@orchard/shared/input-checks';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { forbidden, notFound } from '../../lib/errors';
import { isActiveMember, loadPermissions } from '../../plugins/access.repository';
import { findFarmBlockLastDays, isActiveOrganization } from './input-checks.repository';

/** The caller in the current organisation. */
export interface InputChecksActor extends FarmViewer {
  isSuperUser: boolean;
}

interface FarmBlocks {
  farmId: number;
  farmName: string;
  blocks: Record<InputCheckKind, BlockLastRecord[]>;
}

/** The viewer's farms with, per kind, each block's newest record day. */
async function farmsWithBlocks(db: AppDb, viewer: FarmViewer): Promise<FarmBlocks[]> {
  const byFarm = new Map<number, FarmBlocks>();
  for (const row of await findFarmBlockLastDays(db, viewer)) {
    let farm = byFarm.get(row.farmId);
    if (!farm) {
      farm = { farmId: row.farmId, farmName: row.farmName, blocks: { tensio: [], waterApplied: [], pheno: [], scouting: [] } };
      byFarm.set(row.farmId, farm);
    }
    if (row.blockId === null || row.blockName === null) continue;
    for (const kind of INPUT_CHECK_KINDS) farm.blocks[kind].push({ blockId: row.blockId, blockName: row.blockName, lastDay: row[kind] });
  }
  return [...byFarm.values()];
}

async function chosenOrganization(db: AppDb, actor: InputChecksActor, organizationId: number | undefined): Promise<number> {
  if (organizationId === undefined || organizationId === actor.organizationId) return actor.organizationId;
  if (await isActiveMember(db, actor.userId, organizationId)) {
    if (!(await loadPermissions(db, actor.userId, organizationId)).has(PERMISSIONS.managementInputChecks)) throw forbidden();
    return organizationId;
  }
  if (actor.isSuperUser && (await isActiveOrganization(db, organizationId))) return organizationId;
  throw notFound('Organization');
}

export async function getFarmInputChecks(db: AppDb, actor: InputChecksActor, organizationId: number | undefined, now: Date): Promise<FarmInputCheckRow[]> {
  const chosen = await chosenOrganization(db, actor, organizationId);
  const today = dayOf(now);
  return (await farmsWithBlocks(db, { userId: actor.userId, organizationId: chosen })).map((f) => farmInputCheckRow(f.farmName, f.blocks, today));
}

/**
 * The report as CSV (lib/csv-export.ts): the same chosen organisation, permission and farms as the
 * report (another organisation answers 404, or 403, before anything is written or logged), its rows
 * by farm name in the table's columns. The log row is the current organisation's, where the caller works.
 */
export async function exportFarmInputChecks(db: AppDb, actor: InputChecksActor, organizationId: number | undefined, now: Date, url: string): Promise<CsvExport> {
  const rows = await getFarmInputChecks(db, actor, organizationId, now);
  return {
    fileName: inputChecksFileName(now),
    ...byColumns(INPUT_CHECKS_CSV_COLUMNS, rows.map(inputChecksCsvRow)),
    log: { userId: actor.userId, organizationId: actor.organizationId, url, ...INPUT_CHECKS_EXPORT_NAMES, exportTime: now },
  };
}

export interface StaleFarm {
  farmId: number;
  farmName: string;
  /** the kinds that make it stale, with their figures */
  kinds: { kind: InputCheckKind; figures: InputCheckFigures }[];
}

/** The viewer's farms whose input checks are stale at `now` (shared isInputCheckStale), by farm name. */
export async function findStaleFarms(db: AppDb, viewer: FarmViewer, now: Date): Promise<StaleFarm[]> {
  const today = dayOf(now);
  return (await farmsWithBlocks(db, viewer))
    .map((f) => ({
      farmId: f.farmId,
      farmName: f.farmName,
      kinds: INPUT_CHECK_KINDS.map((kind) => ({ kind, figures: inputCheckFigures(f.blocks[kind], today) })).filter((k) => isInputCheckStale(k.figures)),
    }))
    .filter((f) => f.kinds.length > 0);
}
