/**
 * Queries of the audit trail: the one insert every audited change makes in its own transaction, the
 * actor as they are at that moment, and the filtered list (newest first) with its count.
 */
import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { containsPattern } from '../../db/contains-pattern';
import { auditEntries, users } from '../../db/schema/index';

export type AuditEntryInsert = typeof auditEntries.$inferInsert;

export async function insertAuditEntry(db: AppDb, entry: AuditEntryInsert): Promise<void> {
  await db.insert(auditEntries).values(entry);
}

/** The actor's name (full name, else user name) and super-user flag now; null when the account is gone. */
export async function findActor(db: AppDb, userId: number) {
  const [row] = await db
    .select({ userName: users.userName, fullName: users.fullName, isSuperUser: users.isSuperUser })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface AuditListFilter {
  organizationId: number;
  /** super users also see the system-wide entries (no organisation) */
  includeSystemWide: boolean;
  actorUserId: number | null;
  actorText: string | null;
  area: string | null;
  from: Date | null;
  /** exclusive */
  to: Date | null;
}

function conditions(f: AuditListFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [
    f.includeSystemWide ? or(eq(auditEntries.organizationId, f.organizationId), isNull(auditEntries.organizationId)) : eq(auditEntries.organizationId, f.organizationId),
  ];
  if (f.actorUserId !== null) where.push(eq(auditEntries.actorUserId, f.actorUserId));
  if (f.actorText !== null) {
    const pattern = containsPattern(f.actorText);
    where.push(or(ilike(auditEntries.actorName, pattern), ilike(users.userName, pattern)));
  }
  if (f.area !== null) where.push(eq(auditEntries.area, f.area));
  if (f.from) where.push(gte(auditEntries.occurredAt, f.from));
  if (f.to) where.push(lt(auditEntries.occurredAt, f.to));
  return and(...where);
}

const listColumns = {
  id: auditEntries.id,
  organizationId: auditEntries.organizationId,
  occurredAt: auditEntries.occurredAt,
  actorUserId: auditEntries.actorUserId,
  actorName: auditEntries.actorName,
  actorIsSuperUser: auditEntries.actorIsSuperUser,
  area: auditEntries.area,
  action: auditEntries.action,
  entityType: auditEntries.entityType,
  entityId: auditEntries.entityId,
  entityLabel: auditEntries.entityLabel,
  changes: auditEntries.changes,
};

export type AuditListRow = { [K in keyof typeof listColumns]: (typeof auditEntries.$inferSelect)[K] };

/** One page of the entries matching the filter, newest first (occurred_at, then id). */
export async function findAuditEntries(db: AppDb, f: AuditListFilter, page: { limit: number; offset: number } | null): Promise<AuditListRow[]> {
  const query = db
    .select(listColumns)
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .where(conditions(f))
    .orderBy(desc(auditEntries.occurredAt), desc(auditEntries.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAuditEntries(db: AppDb, f: AuditListFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actorUserId))
    .where(conditions(f));
  return Number(row?.n ?? 0);
}
