/**
 * Writes of user accounts and memberships: creating a user, saving their profile under the version,
 * joining and leaving an organisation, deleting the account and lifting a lockout.
 */
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { isUniqueViolationOf } from '../../db/pg-errors';
import { memberships, USER_NAME_UNIQUE_INDEX, userFarms, userPackhouses, userRoles, users } from '../../db/schema/index';
import { nextVersion } from '../../data-rules/versioning';

/**
 * Did a write fail because another account took the user name first (its unique index)? A save
 * writes other keys too (memberships, roles, farms, packhouses); their violations are not this.
 */
export function isUserNameIndexViolation(err: unknown): boolean {
  return isUniqueViolationOf(err, USER_NAME_UNIQUE_INDEX);
}

/**
 * Does the sign-in name (a user name or an e-mail address: /connect/token takes either) already name
 * another account than exceptUserId, as its user name or its e-mail (case-insensitive)? A user name
 * equal to someone's e-mail would take over their e-mail sign-in (a user-name match wins), and a
 * second account with the same e-mail would make that e-mail sign in no one.
 */
export async function isSignInNameTaken(db: AppDb, name: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(sql`lower(${users.userName}) = lower(${name})`, sql`lower(${users.email}) = lower(${name})`),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface NewUser {
  userName: string;
  email: string;
  passwordHash: string;
  fullName: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
  isEnabled: boolean;
  lastOrganizationId: number;
}

export async function insertUser(db: AppDb, user: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(user).returning({ id: users.id });
  return row!.id;
}

export async function insertMembership(db: AppDb, userId: number, organizationId: number): Promise<void> {
  await db.insert(memberships).values({ userId, organizationId }).onConflictDoNothing();
}

export async function isMember(db: AppDb, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return rows.length > 0;
}

/** How many organisations other than this one the user belongs to. */
export async function countOtherMemberships(db: AppDb, userId: number, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), ne(memberships.organizationId, organizationId)));
  return row?.n ?? 0;
}

/** Is the account a super user's (a platform operator)? */
export async function isSuperUserAccount(db: AppDb, userId: number): Promise<boolean> {
  const [row] = await db.select({ isSuperUser: users.isSuperUser }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.isSuperUser ?? false;
}

export interface ProfileChanges {
  userName: string;
  email: string;
  fullName?: string | null;
  jobTitle?: string | null;
  phoneNumber?: string | null;
  isEnabled?: boolean;
}

/**
 * Saves profile fields when the stored version is still `version`, and moves the version on.
 * False when someone saved in between (or the user is gone).
 */
export async function updateUserProfile(db: AppDb, userId: number, version: number, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...changes, version: nextVersion(users.version), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.version, version)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Moves the version on (an assignment list changed); with `expected`, only from that version. */
export async function bumpUserVersion(db: AppDb, userId: number, expected?: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ version: nextVersion(users.version), updatedAt: new Date() })
    .where(and(eq(users.id, userId), expected === undefined ? undefined : eq(users.version, expected)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Takes the user out of the organisation: membership plus roles, farms and packhouses there. */
export async function removeFromOrganization(db: AppDb, organizationId: number, userId: number): Promise<void> {
  await db.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  await db.delete(userFarms).where(and(eq(userFarms.userId, userId), eq(userFarms.organizationId, organizationId)));
  await db
    .delete(userPackhouses)
    .where(and(eq(userPackhouses.userId, userId), eq(userPackhouses.organizationId, organizationId)));
  await db.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  await db
    .update(users)
    .set({ lastOrganizationId: null })
    .where(and(eq(users.id, userId), eq(users.lastOrganizationId, organizationId)));
}

export async function deleteUserRow(db: AppDb, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function clearLockout(db: AppDb, userId: number): Promise<void> {
  await db.update(users).set({ lockoutEnd: null, failedLoginCount: 0 }).where(eq(users.id, userId));
}
