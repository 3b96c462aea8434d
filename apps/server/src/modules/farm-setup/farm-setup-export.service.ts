/**
 * Farm Setup's CSV exports (shared farm-setup/farm-setup-exports.ts), one per tab, written by
 * lib/csv-export.ts: the tab's list with the tab's filter, permission and farm scope (a farm or PUC
 * filter outside the caller's farms or organisation answers 404 before anything is written or
 * logged), every row in the list's order, referenced rows named as the table names them.
 */
import {
  FARM_SETUP_CSV_COLUMNS,
  farmSetupExportNames,
  farmSetupFileName,
  type FarmSetupExportKind,
} from '@orchard/shared/farm-setup';
import type { AppDb } from '../../db/client';
import { byColumns, type CsvCell, type CsvExport } from '../../lib/csv-export';
import { notFound } from '../../lib/errors';
import { findFarmBlocks } from './farm-block.repository';
import {
  farmVisible,
  findCommodities,
  findFarms,
  findLegalEntities,
  findProductionBlocks,
  findPucs,
  findVarieties,
  pucVisible,
} from './farm-setup.repository';
import type { FarmSetupActor } from './farm-setup.service';

/** The tab's filter: farm blocks and PUCs by farm, production blocks by PUC. */
export interface FarmSetupExportQuery {
  farmId?: number;
  pucId?: number;
}

type Records = Record<string, CsvCell>[];

/** Names by id, '' for an id the list does not hold (as the table shows it). */
const namesOf = <T extends { id: number }>(rows: readonly T[], name: (row: T) => string) => {
  const byId = new Map(rows.map((r) => [r.id, name(r)]));
  return (id: number | null) => (id === null ? '' : (byId.get(id) ?? ''));
};

async function records(db: AppDb, actor: FarmSetupActor, kind: FarmSetupExportKind, query: FarmSetupExportQuery): Promise<Records> {
  switch (kind) {
    case 'legalEntities':
      return (await findLegalEntities(db, actor)).map((r) => ({ id: r.id, name: r.name }));
    case 'farms': {
      const entity = namesOf(await findLegalEntities(db, actor), (e) => e.name);
      return (await findFarms(db, actor)).map((r) => ({ id: r.id, farmName: r.farmName, legalEntity: entity(r.legalEntityId), lat: r.lat, lng: r.lng }));
    }
    case 'farmBlocks': {
      if (query.farmId !== undefined && !(await farmVisible(db, actor, query.farmId))) throw notFound('Farm');
      const farm = namesOf(await findFarms(db, actor), (f) => f.farmName);
      const variety = namesOf(await findVarieties(db), (v) => v.varietyName);
      return (await findFarmBlocks(db, actor, query.farmId)).map((r) => ({
        id: r.id,
        name: r.name,
        farm: farm(r.farmId),
        ha: r.ha,
        variety: variety(r.varietyId),
        daffCode: r.daffCode,
      }));
    }
    case 'pucs': {
      if (query.farmId !== undefined && !(await farmVisible(db, actor, query.farmId))) throw notFound('Farm');
      const farm = namesOf(await findFarms(db, actor), (f) => f.farmName);
      return (await findPucs(db, actor, query.farmId)).map((r) => ({ id: r.id, pucName: r.pucName, farm: farm(r.farmId) }));
    }
    case 'productionBlocks': {
      if (query.pucId !== undefined && !(await pucVisible(db, actor, query.pucId))) throw notFound('PUC');
      const puc = namesOf(await findPucs(db, actor, undefined), (p) => p.pucName);
      const variety = namesOf(await findVarieties(db), (v) => v.varietyName);
      const farmBlock = namesOf(await findFarmBlocks(db, actor, undefined), (b) => b.name);
      return (await findProductionBlocks(db, actor, query.pucId)).map((r) => ({
        id: r.id,
        puc: puc(r.pucId),
        code: r.code,
        name: r.name,
        ha: r.ha,
        variety: variety(r.varietyId),
        plantingYear: r.plantingYear,
        farmBlock: farmBlock(r.farmBlockId),
      }));
    }
    case 'varieties':
      return (await findVarieties(db)).map((r) => ({ id: r.id, varietyName: r.varietyName, commodity: r.commodity }));
    case 'commodities':
      return (await findCommodities(db)).map((r) => ({ id: r.id, name: r.name, varietyCount: r.varietyCount }));
  }
}

export async function exportFarmSetupList(
  db: AppDb,
  actor: FarmSetupActor,
  kind: FarmSetupExportKind,
  query: FarmSetupExportQuery,
  now: Date,
  url: string,
): Promise<CsvExport> {
  const rows = await records(db, actor, kind, query);
  return {
    fileName: farmSetupFileName(kind, now),
    ...byColumns<string>(FARM_SETUP_CSV_COLUMNS[kind], rows),
    log: { userId: actor.userId, organizationId: actor.organizationId, url, ...farmSetupExportNames(kind), exportTime: now },
  };
}
