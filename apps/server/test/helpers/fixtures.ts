/**
 * Small, explicit fixtures for server tests: organisations, users with roles and permissions.
 * (Demo data has its own tests; these keep each test's world visible in the test.)
 */
import type { Permission } from '@orchard/shared/core';
import type { AppDb } from '../../src/db/client';
import { memberships, organizations, rolePermissions, roles, userFarms, userRoles, users } from '../../src/db/schema/index';
import { hashPassword } from '../../src/lib/password';

let passwordHashCache: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'Fixture-Pass-1';

export async function createOrganization(db: AppDb, name: string, extra: Partial<typeof organizations.$inferInsert> = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name, organizationType: 'grower', sort: 0, ...extra })
    .returning();
  return org!;
}

export async function createUser(
  db: AppDb,
  userName: string,
  extra: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password, ...rest } = extra;
  const passwordHash = password
    ? await hashPassword(password)
    : await (passwordHashCache ??= hashPassword(FIXTURE_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({ userName, email: `${userName}@example.test`, fullName: `${userName} Fixture`, passwordHash, ...rest })
    .returning();
  return user!;
}

export async function createRole(
  db: AppDb,
  organizationId: number,
  name: string,
  permissions: readonly Permission[],
  extra: Partial<typeof roles.$inferInsert> = {},
) {
  const [role] = await db.insert(roles).values({ organizationId, name, ...extra }).returning();
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ roleId: role!.id, permission })));
  }
  return role!;
}

/** Makes the user a member of the organisation holding the given roles there. */
export async function addMember(db: AppDb, userId: number, organizationId: number, roleIds: number[] = []) {
  await db.insert(memberships).values({ userId, organizationId }).onConflictDoNothing();
  if (roleIds.length > 0) {
    await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId, organizationId })));
  }
}

/** Assigns farms of the organisation to the user there (the farms the user may see, data-rules/farm-scope). */
export async function assignFarms(db: AppDb, userId: number, organizationId: number, farmIds: readonly number[]) {
  if (farmIds.length === 0) return;
  await db
    .insert(userFarms)
    .values(farmIds.map((farmId) => ({ userId, farmId, organizationId })))
    .onConflictDoNothing();
}
