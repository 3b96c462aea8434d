/**
 * Time Logger demo data: the last four weeks of working days for every enabled demo user whose
 * role in an organisation exists to log time (Staff, Scout; not the Administrator, who holds every
 * permission). Each day: start, a lunch pause, resume, stop, in South African time; nothing is left
 * recording, so the clock starts at 00:00:00. No randomness, so tests can work out the hours.
 */
import { PERMISSIONS } from '@orchard/shared/core';
import { attendanceRecords } from '../../schema/index';
import type { SeedPart } from '../context';
import { DEMO_ROLES, type DemoOrganizationKey } from '../data';
import { DEMO_USERS } from '../demo-users';
import { mustGet } from './places';

export const DEMO_ATTENDANCE_DAYS = 28;

/** The demo users (with their organisation) who log time. */
export interface DemoAttendanceMember {
  userName: string;
  organization: DemoOrganizationKey;
  /** position in the list: staggers the start times */
  index: number;
}

export function demoAttendanceMembers(): DemoAttendanceMember[] {
  const loggers = new Set<string>(
    DEMO_ROLES.filter((r) => r.name !== 'Administrator' && r.permissions.includes(PERMISSIONS.attendanceLog)).map((r) => r.name),
  );
  const members: DemoAttendanceMember[] = [];
  for (const user of DEMO_USERS) {
    if (!user.isEnabled) continue;
    for (const m of user.organizations) {
      if (m.roles.some((r) => loggers.has(r))) members.push({ userName: user.userName, organization: m.organization, index: members.length });
    }
  }
  return members;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One member's planned records: on each working day of the `DEMO_ATTENDANCE_DAYS` before the
 * reference date's South African day, start at 07:00 (+10 min per member), pause 12:00-12:30, stop
 * at 16:00 (+15 min on every third day).
 */
export function demoAttendanceRecords(referenceDate: Date, memberIndex: number): { type: 1 | 2 | 3; at: Date }[] {
  const localMidnight = Math.floor((referenceDate.getTime() + 2 * HOUR_MS) / DAY_MS) * DAY_MS - 2 * HOUR_MS;
  const records: { type: 1 | 2 | 3; at: Date }[] = [];
  for (let d = DEMO_ATTENDANCE_DAYS; d >= 1; d--) {
    const midnight = localMidnight - d * DAY_MS;
    const weekday = new Date(midnight + 2 * HOUR_MS).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const at = (hours: number) => new Date(midnight + hours * HOUR_MS);
    records.push(
      { type: 1, at: at(7 + memberIndex / 6) },
      { type: 3, at: at(12) },
      { type: 1, at: at(12.5) },
      { type: 2, at: at(16 + (d % 3 === 0 ? 0.25 : 0)) },
    );
  }
  return records;
}

export const attendancePart: SeedPart = {
  name: 'attendance',
  async run(ctx) {
    const rows = demoAttendanceMembers().flatMap((m) => {
      const organizationId = mustGet(ctx.ids.organizations, m.organization, 'organisation');
      const userId = mustGet(ctx.ids.users, m.userName, 'user');
      // Citrusdal-ish coordinates for the grower, Kirkwood for the packhouse; the same every day
      const [lat, lng] = m.organization === 'packhouse' ? [-33.4, 25.44] : [-32.53, 19.01];
      return demoAttendanceRecords(ctx.referenceDate, m.index).map((r) => ({ organizationId, userId, type: r.type, recordedAt: r.at, lat, lng }));
    });
    await ctx.insert(attendanceRecords, rows);
  },
};
