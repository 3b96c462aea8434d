/**
 * Queries of the Time Logger. Every query is bounded by the organisation and the user: a person's
 * attendance in one organisation is never read or written through another.
 */
import { and, asc, desc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { attendanceRecords, users } from '../../db/schema/index';

export interface AttendanceOwner {
  organizationId: number;
  userId: number;
}

const own = (o: AttendanceOwner) => and(eq(attendanceRecords.organizationId, o.organizationId), eq(attendanceRecords.userId, o.userId));

const recordColumns = {
  id: attendanceRecords.id,
  date: attendanceRecords.recordedAt,
  type: attendanceRecords.type,
  lat: attendanceRecords.lat,
  lng: attendanceRecords.lng,
};

/** Serialises one person's saves in one organisation until the transaction ends. */
export async function lockOwner(tx: AppDb, o: AttendanceOwner): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${o.organizationId}::int, ${o.userId}::int)`);
}

export async function findLatestRecord(db: AppDb, o: AttendanceOwner) {
  const [row] = await db.select(recordColumns).from(attendanceRecords).where(own(o)).orderBy(desc(attendanceRecords.recordedAt), desc(attendanceRecords.id)).limit(1);
  return row ?? null;
}

/** The records after the latest stop (the current session), in time order. */
export async function findSessionRecords(db: AppDb, o: AttendanceOwner) {
  const [lastStop] = await db
    .select({ at: attendanceRecords.recordedAt, id: attendanceRecords.id })
    .from(attendanceRecords)
    .where(and(own(o), eq(attendanceRecords.type, 2)))
    .orderBy(desc(attendanceRecords.recordedAt), desc(attendanceRecords.id))
    .limit(1);
  return db
    .select(recordColumns)
    .from(attendanceRecords)
    .where(lastStop ? and(own(o), sql`(${attendanceRecords.recordedAt}, ${attendanceRecords.id}) > (${lastStop.at.toISOString()}::timestamptz, ${lastStop.id})`) : own(o))
    .orderBy(asc(attendanceRecords.recordedAt), asc(attendanceRecords.id));
}

/**
 * The records from `from` up to `to` in time order, led by the latest one before `from` when it is
 * a start (an interval running into the window).
 */
export async function findRecordsBetween(db: AppDb, o: AttendanceOwner, from: Date, to: Date) {
  const [before] = await db
    .select(recordColumns)
    .from(attendanceRecords)
    .where(and(own(o), lt(attendanceRecords.recordedAt, from)))
    .orderBy(desc(attendanceRecords.recordedAt), desc(attendanceRecords.id))
    .limit(1);
  const inside = await db
    .select(recordColumns)
    .from(attendanceRecords)
    .where(and(own(o), gte(attendanceRecords.recordedAt, from), lte(attendanceRecords.recordedAt, to)))
    .orderBy(asc(attendanceRecords.recordedAt), asc(attendanceRecords.id));
  return { leading: before && before.type === 1 ? before : null, inside };
}

export async function insertRecord(
  db: AppDb,
  o: AttendanceOwner,
  values: { type: number; recordedAt: Date; lat: number | null; lng: number | null },
) {
  const [row] = await db
    .insert(attendanceRecords)
    .values({ organizationId: o.organizationId, userId: o.userId, ...values })
    .returning(recordColumns);
  return row!;
}

export async function findUserNames(db: AppDb, userId: number) {
  const [row] = await db.select({ userName: users.userName, fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
