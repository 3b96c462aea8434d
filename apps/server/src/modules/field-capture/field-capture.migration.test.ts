/**
 * The field readings permissions migration grants the field data permissions to the roles that held
 * every permission before them (each organisation's Administrator), and to no other role.
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

const grant = readFileSync(join(findMigrationsFolder(), '0019_field_readings_permissions.sql'), 'utf8');
const FIELD = [
  PERMISSIONS.scoutingCapture,
  PERMISSIONS.trapsView,
  PERMISSIONS.trapsCapture,
  PERMISSIONS.irrigationCapture,
  PERMISSIONS.phenologyView,
  PERMISSIONS.phenologyCapture,
];

describe('field readings permissions migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants the field data permissions to roles holding every earlier permission only', async () => {
    const before = ALL_PERMISSIONS.filter((p) => !(FIELD as readonly string[]).includes(p));
    const org = await createOrganization(t.db, 'Field Migration Growers');
    const administrator = await createRole(t.db, org.id, 'Administrator', before);
    const scout = await createRole(t.db, org.id, 'Scout', [PERMISSIONS.scoutingView]);
    const permissionsOf = async (roleId: number) =>
      (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permission).sort();

    await t.db.execute(sql.raw(grant));
    await t.db.execute(sql.raw(grant));
    expect(await permissionsOf(administrator.id)).toEqual([...ALL_PERMISSIONS].sort());
    expect(await permissionsOf(scout.id)).toEqual([PERMISSIONS.scoutingView]);
  });
});
