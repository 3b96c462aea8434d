/**
 * Farm setup rules (management.farmSetup), inside the current organisation and, from farms down,
 * the caller's farms (data-rules/farm-scope):
 * - a row of another organisation, or reached only through farms not assigned to the caller,
 *   answers 404, and so does a reference to one (a farm's legal entity, a PUC's farm, a block's
 *   PUC, variety or farm block);
 * - an edit names the version it was based on; a stale one answers 412 and changes nothing;
 * - names are unique: farms and PUCs per organisation, block codes per PUC (409);
 * - a delete that data still refers to answers 409 with the reason;
 * - a new farm is assigned to the caller who made it, so it stays in their farms.
 * Every check and its write run in one transaction, the edited row locked.
 */
import { dayOf } from '@orchard/shared/core';
import {
  FARM_SETUP_MESSAGES,
  PLANTING_YEAR_MIN,
  plantingYearMessage,
  type CommodityBody,
  type FarmBody,
  type LegalEntityBody,
  type ProductionBlockBody,
  type PucBody,
  type SetupCommodity,
  type SetupFarm,
  type SetupLegalEntity,
  type SetupProductionBlock,
  type SetupPuc,
  type SetupVariety,
  type UpdateFarmBody,
  type UpdateLegalEntityBody,
  type UpdateProductionBlockBody,
  type UpdatePucBody,
  type VarietyBody,
} from '@orchard/shared/farm-setup';
import type { AppDb } from '../../db/client';
import type { FarmViewer } from '../../data-rules/farm-scope';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict, notFound, preconditionFailed, validationFailed } from '../../lib/errors';
import {
  assignFarm,
  blockCodeTaken,
  commodityExists,
  deleteFarmRow,
  deleteLegalEntityRow,
  deleteProductionBlockRow,
  deletePucRow,
  farmInUse,
  farmNameTaken,
  findCommodities,
  findFarm,
  findFarmBlockFarm,
  findFarms,
  findLegalEntities,
  findLegalEntity,
  findProductionBlock,
  findProductionBlocks,
  findPuc,
  findPucs,
  findVarieties,
  insertCommodity,
  insertFarm,
  insertLegalEntity,
  insertProductionBlock,
  insertPuc,
  insertVariety,
  legalEntityInUse,
  legalEntityUsable,
  missingPlaces,
  productionBlockInUse,
  pucInUse,
  pucNameTaken,
  updateFarmIfVersion,
  updateLegalEntityIfVersion,
  updateProductionBlockIfVersion,
  updatePucIfVersion,
  varietyExists,
  type BlockValues,
} from './farm-setup.repository';
import { recordAudit, type AuditActor, type AuditRecord } from '../audit-trail/index';

/** The caller: the user in the current organisation. */
export type FarmSetupActor = FarmViewer & AuditActor;

/** What every farm setup entry shares: the organisation (null for the shared commodity and variety lists), the area and the row. */
export const setupAudit = (
  organizationId: number | null,
  entityType: string,
  entityId: number,
  label: string,
): Pick<AuditRecord, 'organizationId' | 'area' | 'entityType' | 'entityId' | 'label'> => ({ organizationId, area: 'farm-setup', entityType, entityId, label });

/** 412: someone saved the row after the version the edit names. */
export const stale = () => preconditionFailed(FARM_SETUP_MESSAGES.stale);

/** A unique index raced past the check: the same 409 the check gives. */
async function uniquely<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(message);
    throw err;
  }
}

// legal entities

export async function listLegalEntities(db: AppDb, actor: FarmSetupActor): Promise<SetupLegalEntity[]> {
  return findLegalEntities(db, actor);
}

export async function createLegalEntity(db: AppDb, actor: FarmSetupActor, body: LegalEntityBody): Promise<SetupLegalEntity> {
  return db.transaction(async (tx) => {
    const created = await insertLegalEntity(tx, actor.organizationId, body.name);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'legal-entity', created.id, created.name), action: 'create', after: created });
    return created;
  });
}

export async function updateLegalEntity(db: AppDb, actor: FarmSetupActor, id: number, body: UpdateLegalEntityBody): Promise<SetupLegalEntity> {
  return db.transaction(async (tx) => {
    const current = await findLegalEntity(tx, actor, id);
    if (!current) throw notFound('Legal entity');
    if (current.version !== body.version) throw stale();
    const updated = await updateLegalEntityIfVersion(tx, actor.organizationId, id, body.version, body.name);
    if (!updated) throw stale();
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'legal-entity', id, updated.name), action: 'update', before: current, after: updated });
    return updated;
  });
}

export async function deleteLegalEntity(db: AppDb, actor: FarmSetupActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findLegalEntity(tx, actor, id);
    if (!current) throw notFound('Legal entity');
    if (await legalEntityInUse(tx, actor.organizationId, id)) throw conflict(FARM_SETUP_MESSAGES.legalEntityInUse);
    await deleteLegalEntityRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'legal-entity', id, current.name), action: 'delete', before: current });
  });
}

// farms

async function checkFarmReferences(db: AppDb, actor: FarmSetupActor, body: FarmBody, exceptId?: number) {
  if (!(await legalEntityUsable(db, actor, body.legalEntityId))) throw notFound('Legal entity');
  const [missing] = await missingPlaces(db, body);
  if (missing) throw notFound(missing);
  if (await farmNameTaken(db, actor.organizationId, body.farmName, exceptId)) throw conflict(FARM_SETUP_MESSAGES.farmNameTaken);
}

const farmValues = (body: FarmBody) => ({
  farmName: body.farmName,
  legalEntityId: body.legalEntityId,
  areaId: body.areaId,
  regionId: body.regionId,
  provinceId: body.provinceId,
  lat: body.lat,
  lng: body.lng,
});

export async function listFarms(db: AppDb, actor: FarmSetupActor): Promise<SetupFarm[]> {
  return findFarms(db, actor);
}

export async function createFarm(db: AppDb, actor: FarmSetupActor, body: FarmBody): Promise<SetupFarm> {
  return db.transaction(async (tx) => {
    await checkFarmReferences(tx, actor, body);
    const farm = await insertFarm(tx, actor.organizationId, farmValues(body));
    await assignFarm(tx, actor, farm.id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm', farm.id, farm.farmName), action: 'create', after: farm });
    return farm;
  });
}

export async function updateFarm(db: AppDb, actor: FarmSetupActor, id: number, body: UpdateFarmBody): Promise<SetupFarm> {
  return db.transaction(async (tx) => {
    const current = await findFarm(tx, actor, id);
    if (!current) throw notFound('Farm');
    if (current.version !== body.version) throw stale();
    await checkFarmReferences(tx, actor, body, id);
    const updated = await updateFarmIfVersion(tx, actor.organizationId, id, body.version, farmValues(body));
    if (!updated) throw stale();
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm', id, updated.farmName), action: 'update', before: current, after: updated });
    return updated;
  });
}

export async function deleteFarm(db: AppDb, actor: FarmSetupActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findFarm(tx, actor, id);
    if (!current) throw notFound('Farm');
    if (await farmInUse(tx, id)) throw conflict(FARM_SETUP_MESSAGES.farmInUse);
    await deleteFarmRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm', id, current.farmName), action: 'delete', before: current });
  });
}

// PUCs

async function checkPuc(db: AppDb, actor: FarmSetupActor, body: PucBody, exceptId?: number) {
  if (!(await findFarm(db, actor, body.farmId))) throw notFound('Farm');
  if (await pucNameTaken(db, actor.organizationId, body.pucName, exceptId)) throw conflict(FARM_SETUP_MESSAGES.pucNameTaken);
}

export async function listPucs(db: AppDb, actor: FarmSetupActor, farmId: number | undefined): Promise<SetupPuc[]> {
  return findPucs(db, actor, farmId);
}

export async function createPuc(db: AppDb, actor: FarmSetupActor, body: PucBody): Promise<SetupPuc> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        await checkPuc(tx, actor, body);
        const created = await insertPuc(tx, actor.organizationId, { farmId: body.farmId, pucName: body.pucName });
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'puc', created.id, created.pucName), action: 'create', after: created });
        return created;
      }),
    FARM_SETUP_MESSAGES.pucNameTaken,
  );
}

export async function updatePuc(db: AppDb, actor: FarmSetupActor, id: number, body: UpdatePucBody): Promise<SetupPuc> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const current = await findPuc(tx, actor, id);
        if (!current) throw notFound('PUC');
        if (current.version !== body.version) throw stale();
        await checkPuc(tx, actor, body, id);
        const updated = await updatePucIfVersion(tx, actor.organizationId, id, body.version, { farmId: body.farmId, pucName: body.pucName });
        if (!updated) throw stale();
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'puc', id, updated.pucName), action: 'update', before: current, after: updated });
        return updated;
      }),
    FARM_SETUP_MESSAGES.pucNameTaken,
  );
}

export async function deletePuc(db: AppDb, actor: FarmSetupActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findPuc(tx, actor, id);
    if (!current) throw notFound('PUC');
    if (await pucInUse(tx, id)) throw conflict(FARM_SETUP_MESSAGES.pucInUse);
    await deletePucRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'puc', id, current.pucName), action: 'delete', before: current });
  });
}

// production blocks

/** The planting year must lie between PLANTING_YEAR_MIN and the current year (business time zone). */
function checkPlantingYear(plantingYear: number | null, now: Date) {
  if (plantingYear === null) return;
  const max = Number(dayOf(now).slice(0, 4));
  if (plantingYear < PLANTING_YEAR_MIN || plantingYear > max) {
    const message = plantingYearMessage(max);
    throw validationFailed(message, [{ field: 'plantingYear', message }]);
  }
}

async function checkBlock(db: AppDb, actor: FarmSetupActor, body: ProductionBlockBody, now: Date, exceptId?: number): Promise<BlockValues> {
  checkPlantingYear(body.plantingYear, now);
  const puc = await findPuc(db, actor, body.pucId);
  if (!puc) throw notFound('PUC');
  if (!(await varietyExists(db, body.varietyId))) throw notFound('Variety');
  if (body.farmBlockId !== null) {
    const farmId = await findFarmBlockFarm(db, actor, body.farmBlockId);
    if (farmId === null) throw notFound('Farm block');
    if (farmId !== puc.farmId) {
      throw validationFailed(FARM_SETUP_MESSAGES.farmBlockOtherFarm, [{ field: 'farmBlockId', message: FARM_SETUP_MESSAGES.farmBlockOtherFarm }]);
    }
  }
  if (await blockCodeTaken(db, body.pucId, body.code, exceptId)) throw conflict(FARM_SETUP_MESSAGES.blockCodeTaken);
  return {
    pucId: body.pucId,
    code: body.code,
    name: body.name,
    ha: body.ha,
    varietyId: body.varietyId,
    plantingYear: body.plantingYear,
    farmBlockId: body.farmBlockId,
  };
}

export async function listProductionBlocks(db: AppDb, actor: FarmSetupActor, pucId: number | undefined): Promise<SetupProductionBlock[]> {
  return findProductionBlocks(db, actor, pucId);
}

export async function createProductionBlock(db: AppDb, actor: FarmSetupActor, body: ProductionBlockBody, now: Date): Promise<SetupProductionBlock> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const created = await insertProductionBlock(tx, actor.organizationId, await checkBlock(tx, actor, body, now));
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'production-block', created.id, created.code), action: 'create', after: created });
        return created;
      }),
    FARM_SETUP_MESSAGES.blockCodeTaken,
  );
}

export async function updateProductionBlock(
  db: AppDb,
  actor: FarmSetupActor,
  id: number,
  body: UpdateProductionBlockBody,
  now: Date,
): Promise<SetupProductionBlock> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const current = await findProductionBlock(tx, actor, id);
        if (!current) throw notFound('Production block');
        if (current.version !== body.version) throw stale();
        const values = await checkBlock(tx, actor, body, now, id);
        const updated = await updateProductionBlockIfVersion(tx, actor.organizationId, id, body.version, values);
        if (!updated) throw stale();
        await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'production-block', id, updated.code), action: 'update', before: current, after: updated });
        return updated;
      }),
    FARM_SETUP_MESSAGES.blockCodeTaken,
  );
}

export async function deleteProductionBlock(db: AppDb, actor: FarmSetupActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findProductionBlock(tx, actor, id);
    if (!current) throw notFound('Production block');
    if (await productionBlockInUse(tx, id)) throw conflict(FARM_SETUP_MESSAGES.blockInUse);
    await deleteProductionBlockRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'production-block', id, current.code), action: 'delete', before: current });
  });
}

// commodities

export async function listCommodities(db: AppDb): Promise<SetupCommodity[]> {
  return findCommodities(db);
}

/** Commodities and varieties are one list for every organisation: their entries are system-wide. */
export async function createCommodity(db: AppDb, actor: AuditActor, body: CommodityBody): Promise<SetupCommodity> {
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const created = await insertCommodity(tx, body.name);
        if (!created) throw conflict(FARM_SETUP_MESSAGES.commodityNameTaken);
        await recordAudit(tx, actor, { ...setupAudit(null, 'commodity', created.id, created.name), action: 'create', after: created });
        return created;
      }),
    FARM_SETUP_MESSAGES.commodityNameTaken,
  );
}

// varieties

export async function listVarieties(db: AppDb): Promise<SetupVariety[]> {
  return findVarieties(db);
}

/** The commodity is checked before the insert, so the answer is the rule's message, not a foreign key error. */
export async function createVariety(db: AppDb, actor: AuditActor, body: VarietyBody): Promise<SetupVariety> {
  if (!(await commodityExists(db, body.commodity))) {
    throw validationFailed(FARM_SETUP_MESSAGES.commodityUnknown, [{ field: 'commodity', message: FARM_SETUP_MESSAGES.commodityUnknown }]);
  }
  return uniquely(
    () =>
      db.transaction(async (tx) => {
        const created = await insertVariety(tx, body);
        if (!created) throw conflict(FARM_SETUP_MESSAGES.varietyNameTaken);
        await recordAudit(tx, actor, { ...setupAudit(null, 'variety', created.id, created.varietyName), action: 'create', after: created });
        return created;
      }),
    FARM_SETUP_MESSAGES.varietyNameTaken,
  );
}
