/**
 * A create stored once per client id (field and packhouse captures): a client id already stored in
 * the organisation answers that row (created false, 200), or 409 when the caller cannot see it; a
 * resend racing its first send finds the row the unique index kept. The area owning the capture
 * passes its name and the messages it answers with (`captureRules`). Each capture is counted here,
 * the one place that tells a new row from a resent duplicate (lib/metrics.ts, docs/monitoring.md).
 */
import type { AppDb } from '../db/client';
import { isUniqueViolation } from '../db/pg-errors';
import { versionRule, type VersionRule } from './versioning';
import { conflict, notFound } from '../lib/errors';
import { countCapture, type CaptureArea } from '../lib/metrics';

export interface Captured<T> {
  row: T;
  /** false: the client id was stored already and this is that row */
  created: boolean;
}

/**
 * `findByClientId` looks the client id up in the organisation (visible or not); `read` reads a row
 * as the caller sees it; `insert` checks and writes a new one.
 */
export interface CaptureSteps<T> {
  findByClientId: (db: AppDb) => Promise<number | null>;
  read: (db: AppDb, id: number) => Promise<T | null>;
  insert: (db: AppDb) => Promise<number>;
}

/** Whose captures these are (counted by area), and the 409's message. */
export interface CaptureOnceRule {
  area: CaptureArea;
  clientIdTaken: string;
}

/** Stores a capture once. */
export async function captureOnce<T>(db: AppDb, { area, clientIdTaken }: CaptureOnceRule, steps: CaptureSteps<T>): Promise<Captured<T>> {
  const stored = async (id: number): Promise<Captured<T>> => {
    const row = await steps.read(db, id);
    if (!row) throw conflict(clientIdTaken);
    countCapture(area, false);
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
  countCapture(area, true);
  if (!row) throw notFound('Reading');
  return { row, created: true };
}

/** The capture rules of one area: store once per client id and edit on the version read, with its messages. */
export interface CaptureRules extends VersionRule {
  captureOnce: <T>(db: AppDb, steps: CaptureSteps<T>) => Promise<Captured<T>>;
}

export function captureRules(rule: CaptureOnceRule & { stale: string }): CaptureRules {
  return { ...versionRule(rule.stale), captureOnce: (db, steps) => captureOnce(db, rule, steps) };
}
