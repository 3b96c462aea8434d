import { describe, expect, it } from 'vitest';
import { auditChangeLines, auditTrailFileName, auditTrailQuerySchema, formatAuditValue } from './audit-trail.js';

describe('auditChangeLines', () => {
  it('shows an update as before → after, a create as the values and a delete as what was removed', () => {
    const changes = { name: { before: 'Pickers', after: 'Harvesters' }, permissions: { before: [], after: ['picking.view', 'picking.edit'] } };
    expect(auditChangeLines('update', changes)).toEqual(['name: Pickers → Harvesters', 'permissions: — → picking.view, picking.edit']);
    expect(auditChangeLines('create', { name: { before: null, after: 'Pickers' } })).toEqual(['name: Pickers']);
    expect(auditChangeLines('delete', { name: { before: 'Pickers', after: null } })).toEqual(['name: Pickers']);
  });

  it('writes none, empty text and empty lists as a dash, and other values as they are', () => {
    expect([null, undefined, '', []].map(formatAuditValue)).toEqual(['—', '—', '—', '—']);
    expect([0, false, 12.5, 'x'].map(formatAuditValue)).toEqual(['0', 'false', '12.5', 'x']);
    expect(formatAuditValue({ a: 1 })).toBe('{"a":1}');
  });
});

describe('auditTrailQuerySchema', () => {
  it('takes a known area, business days in order and the table page sizes', () => {
    expect(auditTrailQuerySchema.parse({ actor: ' sam ', area: 'roles', from: '2026-03-01', to: '2026-03-02' })).toEqual({
      actor: 'sam',
      area: 'roles',
      from: '2026-03-01',
      to: '2026-03-02',
      page: 1,
      pageSize: 20,
    });
    expect(auditTrailQuerySchema.safeParse({ area: 'bins' }).success).toBe(false);
    expect(auditTrailQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success).toBe(false);
    expect(auditTrailQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(auditTrailQuerySchema.safeParse({ pageSize: '7' }).success).toBe(false);
    expect(auditTrailQuerySchema.safeParse({ actor: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('auditTrailFileName', () => {
  it('is AuditTrail plus the timestamp of the business time zone', () => {
    expect(auditTrailFileName(new Date(Date.UTC(2026, 2, 4, 3, 6, 7)))).toBe('AuditTrail-2026-03-04-05-06-07.csv');
  });
});
