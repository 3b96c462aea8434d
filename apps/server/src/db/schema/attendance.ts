/** Attendance records: a user's time log in an organisation (type 1 start, 2 stop, 3 pause). */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { organizationId } from './columns';
import { users } from './identity';

export const attendanceRecords = pgTable(
  'attendance_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    type: smallint('type').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
  },
  (t) => [
    index('attendance_records_org_user_time_idx').on(t.organizationId, t.userId, t.recordedAt),
    check('attendance_records_type_ck', sql`${t.type} in (1, 2, 3)`),
  ],
);
