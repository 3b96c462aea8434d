/**
 * A create stored once per client id (field and packhouse captures): a client id already stored in
 * the organisation answers that row (created false, 200), or 409 when the caller cannot see it; a
 * resend racing its first send finds the row the unique index kept.
 */
import { FIELD_READINGS_MESSAGES } from '@orchard/shared';
import type { AppDb } from './client';
import { isUniqueViolation } from './pg-errors';
import { conflict, notFound } from '../lib/errors';

export interface Captured<T> {
  row: T;
  /** false: the client id was stored already and this is that row */
  created: boolean;
}

/**
 * Stores a capture once. `findByClientId` looks the client id up in the organisation (visible or
 * not); `read` reads a row as the caller sees it; `insert` checks and writes a new one.
 */
export async function captureOnce<T>(
  db: AppDb,
  steps: {
    findByClientId: (db: AppDb) => Promise<number | null>;
    read: (db: AppDb, id: number) => Promise<T | null>;
    insert: (db: AppDb) => Promise<number>;
  },
): Promise<Captured<T>> {
  const stored = async (id: number): Promise<Captured<T>> => {
    const row = await steps.read(db, id);
    if (!row) throw conflict(FIELD_READINGS_MESSAGES.clientIdTaken);
    return { row, created: false };
  };
  const earlier = await steps.findByClientId(db);
  if (earlier !== null) return stored(earlier);
  let id: number;
  try {
    id = await db.transaction((tx) => steps.insert(tx));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const raced = await steps.findByClientId(db);
    if (raced === null) throw err;
    return stored(raced);
  }
  const row = await steps.read(db, id);
  if (!row) throw notFound('Reading');
  return { row, created: true };
}
