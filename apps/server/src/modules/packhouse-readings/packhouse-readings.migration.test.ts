/**
 * The packhouse readings permissions migration grants packhouse.readings.view and .capture to the
 * roles that held every permission before them (each organisation's Administrator) and to the
 * packhouse roles (those holding picking.packhouseUser), and to no other role.
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

const grant = readFileSync(join(findMigrationsFolder(), '0024_packhouse_readings_permissions.sql'), 'utf8');
const READINGS = [PERMISSIONS.packhouseReadingsView, PERMISSIONS.packhouseReadingsCapture];

describe('packhouse readings permissions migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('grants the packhouse readings permissions to Administrators and packhouse roles only', async () => {
    const before = ALL_PERMISSIONS.filter((p) => !(READINGS as readonly string[]).includes(p));
    const org = await createOrganization(t.db, 'Readings Migration Packers');
    const administrator = await createRole(t.db, org.id, 'Administrator', before);
    const packhouseUser = await createRole(t.db, org.id, 'Packhouse User', [PERMISSIONS.pickingView, PERMISSIONS.pickingPackhouseUser]);
    const scout = await createRole(t.db, org.id, 'Scout', [PERMISSIONS.scoutingView]);
    const almostEverything = await createRole(t.db, org.id, 'Almost', before.filter((p) => p !== PERMISSIONS.pickingPackhouseUser));
    const permissionsOf = async (roleId: number) =>
      (await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permission).sort();

    await t.db.execute(sql.raw(grant));
    await t.db.execute(sql.raw(grant));
    expect(await permissionsOf(administrator.id)).toEqual([...ALL_PERMISSIONS].sort());
    expect(await permissionsOf(packhouseUser.id)).toEqual([...READINGS, PERMISSIONS.pickingView, PERMISSIONS.pickingPackhouseUser].sort());
    expect(await permissionsOf(scout.id)).toEqual([PERMISSIONS.scoutingView]);
    expect(await permissionsOf(almostEverything.id)).not.toContain(PERMISSIONS.packhouseReadingsView);
  });
});
