/** Finding a PostgreSQL error code on the errors the driver, PGlite and Drizzle throw. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers/db';
import { createOrganization, createUser } from '../../test/helpers/fixtures';
import type { DbHandle } from './client';
import { MAX_CAUSE_DEPTH, PG_ERROR_CODES, hasPgCode, isForeignKeyViolation, isUniqueViolation } from './pg-errors';
import { memberships } from './schema/index';

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

  it('recognises a foreign key violation', async () => {
    const org = await createOrganization(handle.db, 'pg-errors org');
    const err = await failure(() => handle.db.insert(memberships).values({ userId: 2_000_000_000, organizationId: org.id }));
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(isUniqueViolation(err)).toBe(false);
  });
});
