/**
 * Farm blocks (farm setup): the blocks of a farm as it is worked in the field, on the farms of the
 * current organisation assigned to the caller (data-rules/farm-scope):
 * - a farm block of another organisation, or on a farm not assigned to the caller, answers 404,
 *   and so does a farm or variety it would name that the caller cannot use;
 * - names are unique per farm, ignoring case and surrounding spaces (409). Existing data is not
 *   required to be unique, so this is the service's check: it runs with the farm row locked, so
 *   two saves on one farm take turns;
 * - an edit names the version it was based on; a stale one answers 412 and changes nothing;
 * - a farm block that production blocks link to stays on its farm (409), since a link must join a
 *   production block to a farm block on its PUC's farm;
 * - a delete answers 409 while production blocks link to it or field data (scouting, traps,
 *   irrigation, phenology) is recorded on it.
 */
import {
  FARM_SETUP_MESSAGES,
  type FarmBlockBody,
  type SetupFarmBlock,
  type UpdateFarmBlockBody,
} from '@orchard/shared/farm-setup';
import type { AppDb } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import {
  deleteFarmBlockRow,
  farmBlockInUse,
  farmBlockLinked,
  farmBlockNameTaken,
  findFarmBlock,
  findFarmBlocks,
  insertFarmBlock,
  updateFarmBlockIfVersion,
  type FarmBlockValues,
} from './farm-block.repository';
import { findFarm, varietyExists } from './farm-setup.repository';
import { setupAudit, stale, type FarmSetupActor } from './farm-setup.service';
import { recordAudit } from '../audit-trail/index';

/** The references and the name rule; the farm row stays locked until the transaction ends. */
async function checkFarmBlock(db: AppDb, actor: FarmSetupActor, body: FarmBlockBody, exceptId?: number): Promise<FarmBlockValues> {
  if (!(await findFarm(db, actor, body.farmId))) throw notFound('Farm');
  if (!(await varietyExists(db, body.varietyId))) throw notFound('Variety');
  if (await farmBlockNameTaken(db, body.farmId, body.name, exceptId)) throw conflict(FARM_SETUP_MESSAGES.farmBlockNameTaken);
  return { farmId: body.farmId, name: body.name, ha: body.ha, varietyId: body.varietyId, daffCode: body.daffCode };
}

export async function listFarmBlocks(db: AppDb, actor: FarmSetupActor, farmId: number | undefined): Promise<SetupFarmBlock[]> {
  return findFarmBlocks(db, actor, farmId);
}

export async function createFarmBlock(db: AppDb, actor: FarmSetupActor, body: FarmBlockBody): Promise<SetupFarmBlock> {
  return db.transaction(async (tx) => {
    const created = await insertFarmBlock(tx, actor.organizationId, await checkFarmBlock(tx, actor, body));
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm-block', created.id, created.name), action: 'create', after: created });
    return created;
  });
}

export async function updateFarmBlock(db: AppDb, actor: FarmSetupActor, id: number, body: UpdateFarmBlockBody): Promise<SetupFarmBlock> {
  return db.transaction(async (tx) => {
    const current = await findFarmBlock(tx, actor, id);
    if (!current) throw notFound('Farm block');
    if (current.version !== body.version) throw stale();
    const values = await checkFarmBlock(tx, actor, body, id);
    if (values.farmId !== current.farmId && (await farmBlockLinked(tx, id))) throw conflict(FARM_SETUP_MESSAGES.farmBlockLinkedElsewhere);
    const updated = await updateFarmBlockIfVersion(tx, actor.organizationId, id, body.version, values);
    if (!updated) throw stale();
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm-block', id, updated.name), action: 'update', before: current, after: updated });
    return updated;
  });
}

export async function deleteFarmBlock(db: AppDb, actor: FarmSetupActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findFarmBlock(tx, actor, id);
    if (!current) throw notFound('Farm block');
    if (await farmBlockInUse(tx, id)) throw conflict(FARM_SETUP_MESSAGES.farmBlockInUse);
    await deleteFarmBlockRow(tx, actor.organizationId, id);
    await recordAudit(tx, actor, { ...setupAudit(actor.organizationId, 'farm-block', id, current.name), action: 'delete', before: current });
  });
}
