/**
 * The audit trail permission migration grants management.auditTrail to the roles that held every
 * permission before it (each organisation's Administrator), and to no other role.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_PERMISSIONS, PERMISSIONS } from '@orchard/shared/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app';
import { createOrganization, createRole } from '../../../test/helpers/fixtures';
import { findMigrationsFolder } from '../../db/migrate';
import { rolePermissions } from '../../db/schema/index';

const grant = readFileSync(join(findMigrationsFolder(), '0032_audit_trail_permission.sql'), 'utf8');

describe('audit trail permission migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants management.auditTrail to Administrators only, once', async () => {
    const before = ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.managementAuditTrail);
    const org = await createOrganization(t.db, 'Audit Migration Growers');
    const administrator = await createRole(t.db, org.id, 'Administrator', before);
    const manager = await createRole(t.db, org.id, 'Manager', [PERMISSIONS.managementLoginHistory, PERMISSIONS.usersView]);
    const almost = await createRole(t.db, org.id, 'Almost', before.filter((p) => p !== PERMISSIONS.rolesManage));
    const permissionsOf = async (roleId: number) =>
      (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permission).sort();

    await t.db.execute(sql.raw(grant));
    await t.db.execute(sql.raw(grant));
    expect(await permissionsOf(administrator.id)).toEqual([...ALL_PERMISSIONS].sort());
    expect(await permissionsOf(manager.id)).not.toContain(PERMISSIONS.managementAuditTrail);
    expect(await permissionsOf(almost.id)).not.toContain(PERMISSIONS.managementAuditTrail);
  });
});
