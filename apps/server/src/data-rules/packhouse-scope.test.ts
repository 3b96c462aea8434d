/**
 * The packhouse scope rule: an organisation uses the packhouses it runs and the ones it has linked,
 * and no other, whoever runs them.
 */
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { createOrganization } from '../../test/helpers/fixtures';
import type { DbHandle } from '../db/client';
import { packhouseUsableBy } from './packhouse-scope';
import { organizationPackhouses, packhouses } from '../db/schema/index';

describe('packhouse scope', () => {
  let handle: DbHandle;
  const ids = {} as { orgA: number; orgB: number; orgC: number; ranByA: number; ranByBLinkedToA: number; ranByB: number; nobodysLinkedToA: number; nobodys: number; ranByALinkedToC: number };

  const usable = async (organizationId: number) =>
    (await handle.db.select({ id: packhouses.id }).from(packhouses).where(packhouseUsableBy(organizationId)).orderBy(asc(packhouses.id))).map((r) => r.id);

  beforeAll(async () => {
    handle = await createTestDatabase();
    const db = handle.db;
    ids.orgA = (await createOrganization(db, 'Scope A')).id;
    ids.orgB = (await createOrganization(db, 'Scope B')).id;
    ids.orgC = (await createOrganization(db, 'Scope C')).id;
    const add = async (name: string, ownerOrganizationId: number | null) =>
      (await db.insert(packhouses).values({ name, ownerOrganizationId }).returning({ id: packhouses.id }))[0]!.id;
    ids.ranByA = await add('Scope ran by A', ids.orgA);
    ids.ranByBLinkedToA = await add('Scope ran by B, linked to A', ids.orgB);
    ids.ranByB = await add('Scope ran by B', ids.orgB);
    ids.nobodysLinkedToA = await add('Scope nobody runs, linked to A', null);
    ids.nobodys = await add('Scope nobody runs', null);
    ids.ranByALinkedToC = await add('Scope ran by A, linked to C', ids.orgA);
    await db.insert(organizationPackhouses).values([
      { organizationId: ids.orgA, packhouseId: ids.ranByBLinkedToA },
      { organizationId: ids.orgA, packhouseId: ids.nobodysLinkedToA },
      // a link to a packhouse the organisation also runs changes nothing
      { organizationId: ids.orgA, packhouseId: ids.ranByA },
      { organizationId: ids.orgC, packhouseId: ids.ranByALinkedToC },
    ]);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('an organisation uses the packhouses it runs and the ones it has linked, each once', async () => {
    expect(await usable(ids.orgA)).toEqual([ids.ranByA, ids.ranByBLinkedToA, ids.nobodysLinkedToA, ids.ranByALinkedToC]);
  });

  it("another organisation's link does not make a packhouse usable, nor does running none", async () => {
    expect(await usable(ids.orgB)).toEqual([ids.ranByBLinkedToA, ids.ranByB]);
    expect(await usable(ids.orgC)).toEqual([ids.ranByALinkedToC]);
    const nobody = (await createOrganization(handle.db, 'Scope D')).id;
    expect(await usable(nobody)).toEqual([]);
  });
});
