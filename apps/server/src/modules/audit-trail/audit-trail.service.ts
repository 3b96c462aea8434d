/**
 * The audit trail (docs/domain.md, Audit trail). Every audited service calls `recordAudit(tx,
 * actor, entry)` inside the transaction that makes its change, with the entity as it was and as
 * it is: the entry holds only the fields that changed (`auditChanges`), never a secret, and is
 * written or rolled back with the change itself. An update that changed nothing writes nothing.
 *
 * The list and its CSV export show the current organisation's entries, and to super users also
 * the system-wide ones (organization_id null: a user account's own details).
 */
import {
  AUDIT_TRAIL_CSV_COLUMNS,
  AUDIT_TRAIL_EXPORT_NAMES,
  auditChangeLines,
  auditTrailFileName,
  type AuditAction,
  type AuditArea,
  type AuditChanges,
  type AuditEntry,
  type AuditTrailFilter,
  type AuditTrailPage,
  type AuditTrailQuery,
} from '@orchard/shared/audit-trail';
import { dayBounds, parseId } from '@orchard/shared/core';
import type { AppDb } from '../../db/client';
import { byColumns, type CsvExport } from '../../lib/csv-export';
import { countAuditEntries, findActor, findAuditEntries, insertAuditEntry, type AuditListFilter, type AuditListRow } from './audit-trail.repository';

/**
 * Who is making the change: the signed-in user and the session (refresh-token family) of the
 * request's access token (`requireTenant(request)` / `requireAuth(request)` carry both). The name
 * and super-user flag are read from the account inside the change's transaction.
 */
export interface AuditActor {
  userId: number;
  sessionId?: string | null;
}

/** One audited change: where, what, and the entity before and after (null for a create or a delete). */
export interface AuditRecord {
  /** null: a system-wide change (a user account's own details) */
  organizationId: number | null;
  area: AuditArea;
  action: AuditAction;
  entityType: string;
  entityId: number | string;
  label: string;
  before?: Readonly<Record<string, unknown>> | null;
  after?: Readonly<Record<string, unknown>> | null;
}

/** Fields never recorded: secrets, and bookkeeping every save moves. */
const SECRET = /password|token|hash|secret/i;
const BOOKKEEPING = new Set(['id', 'version', 'createdAt', 'updatedAt', 'updatedByUserId', 'capturedByUserId']);

/** A value as stored in the entry: dates as ISO 8601, undefined as null, the rest as JSON has it. */
function normalised(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(normalised);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalised(v)]));
  }
  return value;
}

/**
 * The fields that differ between `before` and `after` (either may be absent: a create or a
 * delete), each with its value before and after. Secrets and bookkeeping fields are left out.
 */
export function auditChanges(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (SECRET.test(key) || BOOKKEEPING.has(key)) continue;
    const was = normalised(before?.[key]);
    const now = normalised(after?.[key]);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = { before: was, after: now };
  }
  return changes;
}

/**
 * Records one change in the transaction `tx` that makes it. An update whose fields all stayed as
 * they were records nothing.
 */
export async function recordAudit(tx: AppDb, actor: AuditActor, entry: AuditRecord): Promise<void> {
  const changes = auditChanges(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  const account = await findActor(tx, actor.userId);
  await insertAuditEntry(tx, {
    organizationId: entry.organizationId,
    actorUserId: account ? actor.userId : null,
    actorName: account ? (account.fullName?.trim() ? account.fullName : account.userName) : `#${actor.userId}`,
    actorIsSuperUser: account?.isSuperUser ?? false,
    sessionId: actor.sessionId ?? null,
    area: entry.area,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    entityLabel: entry.label,
    changes,
  });
}

/* ---------- the list ---------- */

/** The caller of the list: the member with management.auditTrail in the current organisation. */
export interface AuditViewer {
  userId: number;
  organizationId: number;
  isSuperUser: boolean;
}

function listFilter(viewer: AuditViewer, query: AuditTrailFilter): AuditListFilter {
  const actor = query.actor?.trim() ? query.actor.trim() : null;
  const actorId = actor === null ? null : parseId(actor);
  return {
    organizationId: viewer.organizationId,
    includeSystemWide: viewer.isSuperUser,
    actorUserId: actorId,
    actorText: actorId === null ? actor : null,
    area: query.area ?? null,
    from: query.from ? dayBounds(query.from).from : null,
    to: query.to ? dayBounds(query.to).to : null,
  };
}

function toEntry(row: AuditListRow): AuditEntry {
  return {
    id: row.id,
    occurredAt: new Date(row.occurredAt).toISOString(),
    actorUserId: row.actorUserId,
    actorName: row.actorName,
    bySuperUser: row.actorIsSuperUser,
    area: row.area as AuditArea,
    action: row.action as AuditAction,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    systemWide: row.organizationId === null,
    changes: row.changes,
  };
}

export async function getAuditTrail(db: AppDb, viewer: AuditViewer, query: AuditTrailQuery): Promise<AuditTrailPage> {
  const filter = listFilter(viewer, query);
  const [rows, totalRecords] = await Promise.all([
    findAuditEntries(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countAuditEntries(db, filter),
  ]);
  return { rows: rows.map(toEntry), totalRecords, page: query.page, pageSize: query.pageSize };
}

/** Every entry of the filtered list (all pages) as CSV, logged as one export. */
export async function exportAuditTrail(db: AppDb, viewer: AuditViewer, query: AuditTrailFilter, now: Date, url: string): Promise<CsvExport> {
  const rows = (await findAuditEntries(db, listFilter(viewer, query), null)).map(toEntry);
  return {
    fileName: auditTrailFileName(now),
    ...byColumns(
      AUDIT_TRAIL_CSV_COLUMNS,
      rows.map((r) => ({
        occurredAt: new Date(r.occurredAt),
        actorName: r.actorName,
        bySuperUser: r.bySuperUser,
        area: r.area,
        action: r.action,
        entityType: r.entityType,
        entityLabel: r.entityLabel,
        changes: auditChangeLines(r.action, r.changes).join('\n'),
      })),
    ),
    log: { userId: viewer.userId, organizationId: viewer.organizationId, url, ...AUDIT_TRAIL_EXPORT_NAMES, exportTime: now },
  };
}
