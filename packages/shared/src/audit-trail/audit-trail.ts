/**
 * Audit trail API (docs/domain.md, Audit trail): who changed what in the organisation, newest
 * first, a page at a time at `GET /api/audit-trail?actor=&area=&from=&to=&page=&pageSize=`, and the
 * CSV export of the same filtered list (every page) at `GET /api/audit-trail/export`.
 *
 * `actor` is a user id (digits) or a part of the actor's name or user name; `area` one of
 * AUDIT_AREAS; `from` and `to` business days (yyyy-MM-dd, both included, either may be left open).
 * An organisation's members with management.auditTrail see its entries; system-wide entries (a user
 * account's own details) are seen by super users only. `bySuperUser` marks an entry a super user made.
 */
import { z } from 'zod';
import { pageQuerySchema, pageSizeQuerySchema } from '../core/common.js';
import { FIELD_CAPTURE_MESSAGES, fieldDaySchema } from '../field-capture/field-capture.js';
import { exportFileTimestamp } from '../picking/csv.js';

export const AUDIT_TRAIL_PATHS = {
  list: '/api/audit-trail',
  export: '/api/audit-trail/export',
} as const;

/** The areas whose changes are recorded, in the order the Area filter lists them. */
export const AUDIT_AREAS = [
  'users',
  'roles',
  'farm-assignments',
  'organizations',
  'farm-setup',
  'packhouses',
  'pest-thresholds',
  'estimates',
  'picking',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Longest actor text the filter takes. */
export const AUDIT_ACTOR_FILTER_MAX = 100;

/** One changed field: its value before and after (null where there was none). */
export const auditFieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;
export type AuditChanges = Record<string, AuditFieldChange>;

export const auditTrailExportQuerySchema = z
  .object({
    actor: z.string().trim().max(AUDIT_ACTOR_FILTER_MAX, `The actor may be at most ${AUDIT_ACTOR_FILTER_MAX} characters`).optional(),
    area: z.enum(AUDIT_AREAS).optional(),
    from: fieldDaySchema.optional(),
    to: fieldDaySchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FIELD_CAPTURE_MESSAGES.rangeOrder, path: ['to'] });
export type AuditTrailFilter = z.infer<typeof auditTrailExportQuerySchema>;

export const auditTrailQuerySchema = z
  .object({
    actor: z.string().trim().max(AUDIT_ACTOR_FILTER_MAX, `The actor may be at most ${AUDIT_ACTOR_FILTER_MAX} characters`).optional(),
    area: z.enum(AUDIT_AREAS).optional(),
    from: fieldDaySchema.optional(),
    to: fieldDaySchema.optional(),
    page: pageQuerySchema,
    pageSize: pageSizeQuerySchema(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FIELD_CAPTURE_MESSAGES.rangeOrder, path: ['to'] });
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 */
  occurredAt: z.string(),
  /** null once the actor's account was deleted */
  actorUserId: z.number().int().nullable(),
  actorName: z.string(),
  /** the change was made by a super user (a platform operator) */
  bySuperUser: z.boolean(),
  area: z.enum(AUDIT_AREAS),
  action: z.enum(AUDIT_ACTIONS),
  entityType: z.string(),
  entityId: z.string(),
  entityLabel: z.string(),
  /** true: a system-wide change (no organisation), shown to super users only */
  systemWide: z.boolean(),
  changes: z.record(z.string(), auditFieldChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditTrailResponseSchema = z.object({
  rows: z.array(auditEntrySchema),
  totalRecords: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditTrailPage = z.infer<typeof auditTrailResponseSchema>;

export const AUDIT_TRAIL_FILE_PREFIX = 'AuditTrail';
export const AUDIT_TRAIL_EXPORT_NAMES = { componentName: 'AuditTrailComponent', reportName: 'Audit Trail' } as const;

/** AuditTrail-yyyy-MM-dd-HH-mm-ss.csv */
export function auditTrailFileName(at: Date): string {
  return `${AUDIT_TRAIL_FILE_PREFIX}-${exportFileTimestamp(at)}.csv`;
}

/** The CSV's columns, in the table's order; Changes is one "field: before → after" per line. */
export const AUDIT_TRAIL_CSV_COLUMNS = [
  { key: 'occurredAt', header: 'When' },
  { key: 'actorName', header: 'Who' },
  { key: 'bySuperUser', header: 'Super User' },
  { key: 'area', header: 'Area' },
  { key: 'action', header: 'Action' },
  { key: 'entityType', header: 'Type' },
  { key: 'entityLabel', header: 'What' },
  { key: 'changes', header: 'Changes' },
] as const;

/** A value of a change as a person reads it: empty for none, lists joined, objects as JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => formatAuditValue(v)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changes as lines "field: before → after" (a create shows only after, a delete only before). */
export function auditChangeLines(action: AuditAction, changes: AuditChanges): string[] {
  return Object.entries(changes).map(([field, { before, after }]) => {
    if (action === 'create') return `${field}: ${formatAuditValue(after)}`;
    if (action === 'delete') return `${field}: ${formatAuditValue(before)}`;
    return `${field}: ${formatAuditValue(before)} → ${formatAuditValue(after)}`;
  });
}
