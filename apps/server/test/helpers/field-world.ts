/**
 * A small field world for the field readings and input checks tests, on top of the tenant world
 * (A and B, whose members hold every permission):
 * - A: farms F1 (blocks A1, A2) and F2 (block D1), both assigned to A's member, and F3 (block X1),
 *   assigned to nobody; F1 allows 12 observation points. Names of A's farm F1 and block A1 carry A's canary.
 * - B: farm FB (block B1), assigned to B's member.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppDb } from '../../src/db/client';
import { farmBlocks, farms, legalEntities, varieties } from '../../src/db/schema/index';
import { createTestApp, type TestApp } from './app';
import { assignFarms } from './fixtures';
import { fixedClock } from './picking-world';
import { createTenantWorld, type TenantWorld } from './tenant-matrix';

export interface FieldWorld extends TenantWorld {
  farm: { f1: number; f2: number; f3: number; fb: number };
  block: { a1: number; a2: number; d1: number; x1: number; b1: number };
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  return row!;
}

/** A test app whose clock stands at `now`, with the field world in it (the field capture route tests' setup). */
export async function openFieldWorld(now: Date): Promise<{ t: TestApp; w: FieldWorld }> {
  const t = await createTestApp({}, { clock: fixedClock(now) });
  return { t, w: await createFieldWorld(t) };
}

/** Requests on the app `app()` answers, as any member (`as`) or as A's member (`asA`) of the world `world()` answers. */
export function requestsIn(app: () => TestApp, world: () => FieldWorld) {
  const as = async (userId: number, organizationId: number, options: InjectOptions) =>
    app().app.inject({ ...options, headers: { ...(await app().headersFor(userId, organizationId)), ...(options.headers ?? {}) } });
  const asA = (options: InjectOptions) => as(world().a.userId, world().a.organizationId, options);
  return { as, asA };
}

/** An error answer's details as [field, message] pairs. */
export const detailPairs = (res: LightMyRequestResponse) =>
  (res.json().error.details ?? []).map((d: { field: string; message: string }) => [d.field, d.message]);

export async function createFieldWorld(t: TestApp): Promise<FieldWorld> {
  const db: AppDb = t.db;
  const world = await createTenantWorld(t);
  const variety = await one(db.insert(varieties).values({ varietyName: `Navel ${world.a.canary}`, commodity: 'Oranges' }).returning());
  const farm = async (organizationId: number, farmName: string, maxObservationPoints = 0) => {
    const entity = await one(db.insert(legalEntities).values({ organizationId, name: `${farmName} Pty` }).returning());
    return one(db.insert(farms).values({ organizationId, legalEntityId: entity.id, farmName, maxObservationPoints }).returning());
  };
  const block = (organizationId: number, farmId: number, name: string) =>
    one(db.insert(farmBlocks).values({ organizationId, farmId, name, ha: 2, varietyId: variety.id }).returning());

  const a = world.a.organizationId;
  const f1 = await farm(a, `Kransvlei ${world.a.canary}`, 12);
  const f2 = await farm(a, 'Aardvark');
  const f3 = await farm(a, 'Unassigned');
  const fb = await farm(world.b.organizationId, 'B Farm');
  await assignFarms(db, world.a.userId, a, [f1.id, f2.id]);
  await assignFarms(db, world.b.userId, world.b.organizationId, [fb.id]);
  const a1 = await block(a, f1.id, `A1 ${world.a.canary}`);
  const a2 = await block(a, f1.id, 'A2');
  const d1 = await block(a, f2.id, 'D1');
  const x1 = await block(a, f3.id, 'X1');
  const b1 = await block(world.b.organizationId, fb.id, 'B1');
  return {
    ...world,
    farm: { f1: f1.id, f2: f2.id, f3: f3.id, fb: fb.id },
    block: { a1: a1.id, a2: a2.id, d1: d1.id, x1: x1.id, b1: b1.id },
  };
}
