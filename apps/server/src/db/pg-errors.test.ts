/** Finding a PostgreSQL error code and constraint on the errors the driver, PGlite and Drizzle throw. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { addMember, createOrganization, createUser } from '../../test/helpers/fixtures';
import type { DbHandle } from './client';
import { MAX_CAUSE_DEPTH, PG_ERROR_CODES, hasPgCode, isForeignKeyViolation, isUniqueViolation, isUniqueViolationOf } from './pg-errors';
import { farms, legalEntities, memberships, USER_NAME_UNIQUE_INDEX, userFarms } from './schema/index';

/** An error wrapping `inner` `levels` times, as Drizzle and transactions do. */
function wrapped(inner: unknown, levels: number): unknown {
  let e = inner;
  for (let i = 0; i < levels; i++) e = new Error(`wrapper ${i}`, { cause: e });
  return e;
}

describe('hasPgCode', () => {
  const unique = Object.assign(new Error('duplicate key'), { code: PG_ERROR_CODES.uniqueViolation });

  it('finds the code on the error itself and on the errors it wraps', () => {
    expect(hasPgCode(unique, '23505')).toBe(true);
    expect(hasPgCode(wrapped(unique, 1), '23505')).toBe(true);
    expect(hasPgCode(wrapped(unique, MAX_CAUSE_DEPTH - 1), '23505')).toBe(true);
    expect(hasPgCode(unique, '23503')).toBe(false);
  });

  it('stops after MAX_CAUSE_DEPTH errors, so a chain that loops ends', () => {
    expect(hasPgCode(wrapped(unique, MAX_CAUSE_DEPTH), '23505')).toBe(false);
    const loop = new Error('loop') as Error & { cause?: unknown };
    loop.cause = loop;
    expect(hasPgCode(loop, '23505')).toBe(false);
  });

  it('answers false for anything that is not an error object', () => {
    for (const value of [undefined, null, '23505', 23505, { code: 23505 }]) expect(hasPgCode(value, '23505')).toBe(false);
  });
});

describe('isUniqueViolationOf', () => {
  const unique = Object.assign(new Error('duplicate key'), { code: PG_ERROR_CODES.uniqueViolation, constraint: 'a_uq' });

  it('names the constraint of the unique violation the error is or wraps', () => {
    expect(isUniqueViolationOf(unique, 'a_uq')).toBe(true);
    expect(isUniqueViolationOf(wrapped(unique, MAX_CAUSE_DEPTH - 1), 'a_uq')).toBe(true);
    expect(isUniqueViolationOf(unique, 'b_uq')).toBe(false);
    expect(isUniqueViolationOf(wrapped(unique, MAX_CAUSE_DEPTH), 'a_uq')).toBe(false);
  });

  it('answers false for another error naming the constraint, and for a unique violation naming none', () => {
    const foreignKey = Object.assign(new Error('foreign key'), { code: PG_ERROR_CODES.foreignKeyViolation, constraint: 'a_uq' });
    expect(isUniqueViolationOf(foreignKey, 'a_uq')).toBe(false);
    expect(isUniqueViolationOf(Object.assign(new Error('duplicate key'), { code: PG_ERROR_CODES.uniqueViolation }), 'a_uq')).toBe(false);
    for (const value of [undefined, null, 'a_uq', { constraint: 'a_uq' }]) expect(isUniqueViolationOf(value, 'a_uq')).toBe(false);
  });
});

describe('on the database', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  const failure = async (work: () => Promise<unknown>): Promise<unknown> => {
    try {
      await work();
    } catch (err) {
      return err;
    }
    throw new Error('expected the statement to fail');
  };

  it('recognises a unique violation, also from inside a transaction', async () => {
    await createUser(handle.db, 'pg-errors-taken');
    const plain = await failure(() => createUser(handle.db, 'pg-errors-taken'));
    expect(isUniqueViolation(plain)).toBe(true);
    expect(isForeignKeyViolation(plain)).toBe(false);
    const inTransaction = await failure(() => handle.db.transaction((tx) => createUser(tx, 'pg-errors-taken')));
    expect(isUniqueViolation(inTransaction)).toBe(true);
  });

  it('names the unique index or key a violation broke, also from inside a transaction', async () => {
    await createUser(handle.db, 'pg-errors-name');
    const name = await failure(() => handle.db.transaction((tx) => createUser(tx, 'PG-ERRORS-NAME', { email: 'other@example.test' })));
    expect(isUniqueViolationOf(name, USER_NAME_UNIQUE_INDEX)).toBe(true);

    const org = await createOrganization(handle.db, 'pg-errors farms');
    const [entity] = await handle.db.insert(legalEntities).values({ organizationId: org.id, name: 'pg-errors entity' }).returning();
    const [farm] = await handle.db.insert(farms).values({ organizationId: org.id, legalEntityId: entity!.id, farmName: 'pg-errors farm' }).returning();
    const user = await createUser(handle.db, 'pg-errors-farms');
    await addMember(handle.db, user.id, org.id);
    const assignment = { userId: user.id, farmId: farm!.id, organizationId: org.id };
    await handle.db.insert(userFarms).values(assignment);
    const key = await failure(() => handle.db.transaction((tx) => tx.insert(userFarms).values(assignment)));
    expect(isUniqueViolation(key)).toBe(true);
    expect(isUniqueViolationOf(key, 'user_farms_user_id_farm_id_pk')).toBe(true);
    expect(isUniqueViolationOf(key, USER_NAME_UNIQUE_INDEX)).toBe(false);
  });

  it('recognises a foreign key violation', async () => {
    const org = await createOrganization(handle.db, 'pg-errors org');
    const err = await failure(() => handle.db.insert(memberships).values({ userId: 2_000_000_000, organizationId: org.id }));
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
  });
});
