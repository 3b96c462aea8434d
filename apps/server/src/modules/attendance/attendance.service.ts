/**
 * Time Logger (attendance.log): the signed-in user's own attendance in the current organisation.
 * Saves are serialised per person and organisation and checked against the latest record, so two
 * starts (two tabs, a double click) never leave two open intervals: the second answers 409.
 */
import {
  ATTENDANCE_CSV_COLUMNS,
  ATTENDANCE_EXPORT_NAMES,
  ATTENDANCE_MESSAGES,
  ATTENDANCE_TYPE_NAMES,
  ATTENDANCE_TYPES,
  attendanceFileName,
  attendanceIntervals,
  attendanceMonths,
  hoursPerMonth,
  lastAttendanceOf,
  type AttendanceLog,
  type AttendanceRecord,
  type AttendanceType,
  type LastAttendance,
  type SaveAttendanceBody,
} from '@orchard/shared/attendance';
import type { AppDb } from '../../db/client';
import { conflict } from '../../lib/errors';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { findLatestRecord, findRecordsBetween, findSessionRecords, findUserNames, insertRecord, lockOwner, type AttendanceOwner } from './attendance.repository';

type RecordRow = { id: number; date: Date; type: number; lat: number | null; lng: number | null };
const toRecord = (r: RecordRow): AttendanceRecord => ({ id: r.id, date: r.date.toISOString(), type: r.type, lat: r.lat, lng: r.lng });

export async function getLastAttendance(db: AppDb, owner: AttendanceOwner, now: Date): Promise<LastAttendance> {
  return lastAttendanceOf(await findSessionRecords(db, owner), now);
}

/**
 * Saves a start, stop or pause dated `now`. A start needs the clock not to be running (stopped or
 * paused); a pause needs it running; a stop needs a session (running or paused).
 */
export async function saveAttendance(db: AppDb, owner: AttendanceOwner, body: SaveAttendanceBody, now: Date): Promise<AttendanceRecord> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, owner);
    const latest = await findLatestRecord(tx, owner);
    const latestType = latest?.type ?? ATTENDANCE_TYPES.stop;
    const recording = latestType === ATTENDANCE_TYPES.start;
    if (body.type === ATTENDANCE_TYPES.start && recording) throw conflict(ATTENDANCE_MESSAGES.alreadyRecording);
    if (body.type === ATTENDANCE_TYPES.pause && !recording) throw conflict(ATTENDANCE_MESSAGES.notRecording);
    if (body.type === ATTENDANCE_TYPES.stop && latestType === ATTENDANCE_TYPES.stop) throw conflict(ATTENDANCE_MESSAGES.notStarted);
    // never date a record before the one it follows (a clock stepping back would reorder them)
    const recordedAt = latest && latest.date.getTime() > now.getTime() ? latest.date : now;
    const row = await insertRecord(tx, owner, { type: body.type, recordedAt, lat: body.lat ?? null, lng: body.lng ?? null });
    return toRecord(row);
  });
}

const displayName = (names: { userName: string; fullName: string | null } | null) => (names?.fullName?.trim() ? names.fullName : (names?.userName ?? ''));

/** The signed-in user's hours in each of the recent months (one row). */
export async function getAttendanceLogs(db: AppDb, owner: AttendanceOwner, now: Date): Promise<AttendanceLog[]> {
  const months = attendanceMonths(now);
  const { leading, inside } = await findRecordsBetween(db, owner, months[0]!.start, now);
  const events = leading ? [leading, ...inside] : inside;
  return [
    {
      fullName: displayName(await findUserNames(db, owner.userId)),
      hoursLastMonths: hoursPerMonth(attendanceIntervals(events, now), months),
      lastMonths: months.map((m) => m.label),
    },
  ];
}

/** The user's records of the recent months as CSV (date, user, type, lat, lng), logged as one export. */
export async function exportAttendance(db: AppDb, owner: AttendanceOwner, now: Date, url: string): Promise<CsvExport> {
  const months = attendanceMonths(now);
  const { inside } = await findRecordsBetween(db, owner, months[0]!.start, now);
  const user = displayName(await findUserNames(db, owner.userId));
  const rows = inside.map((r) => ({
    date: r.date,
    user,
    type: ATTENDANCE_TYPE_NAMES[r.type as AttendanceType] ?? String(r.type),
    lat: r.lat,
    lng: r.lng,
  }));
  return {
    fileName: attendanceFileName(now),
    ...byColumns(ATTENDANCE_CSV_COLUMNS, rows),
    log: { userId: owner.userId, organizationId: owner.organizationId, url, ...ATTENDANCE_EXPORT_NAMES, exportTime: now },
  };
}
