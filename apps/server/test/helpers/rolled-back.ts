/** Test helper: work inside a transaction that never commits. */
import type { AppDb } from '../../src/db/client';

class RolledBack extends Error {}

/** Runs `fn` in a transaction that is always rolled back (what `fn` throws is thrown on). */
export async function inRolledBackTransaction(db: AppDb, fn: (tx: AppDb) => Promise<void>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await fn(tx as unknown as AppDb);
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
}
