/** The query string of the audit trail's filters (the list adds its page; the export takes the rest). */
import type { AuditArea } from '@orchard/shared/audit-trail';

export interface AuditTrailFilters {
  actor: string;
  area: AuditArea | null;
  from: string;
  to: string;
}

export function auditTrailSearch(filters: AuditTrailFilters, page?: { page: number; pageSize: number }): string {
  const params = new URLSearchParams();
  if (filters.actor.trim()) params.set('actor', filters.actor.trim());
  if (filters.area) params.set('area', filters.area);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (page) {
    params.set('page', String(page.page));
    params.set('pageSize', String(page.pageSize));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
