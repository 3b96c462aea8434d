/** Roles with their permissions, the demo users, what each user is assigned in each organisation, and
 * their sign-in history (demo-logins.ts). */
import {
  loginEvents,
  memberships,
  rolePermissions,
  roles,
  userFarms,
  userPackhouses,
  userRoles,
  users,
} from '../../schema/index';
import { roleKey, type SeedPart } from '../context';
import { DEMO_ORGANIZATIONS, DEMO_ROLES } from '../data';
import { DEMO_LOGIN_PLANS } from '../demo-logins';
import { DEMO_LOCKED_FAILED_COUNT, DEMO_LOCKOUT_END, DEMO_USERS } from '../demo-users';
import { mustGet } from './places';

export const identityPart: SeedPart = {
  name: 'identity',
  async run(ctx) {
    const orgId = (key: Parameters<typeof ctx.ids.organizations.get>[0]) => mustGet(ctx.ids.organizations, key, 'organisation');

    const roleRows = await ctx.insertReturning(
      roles,
      DEMO_ORGANIZATIONS.flatMap((o, i) =>
        DEMO_ROLES.map((r) => ({
          organizationId: orgId(o.key),
          name: r.name,
          description: r.description,
          defaultLandingPage: r.defaultLandingPage,
          createdAt: ctx.daysBefore(890 - i * 30),
        })),
      ),
    );
    for (const [i, row] of roleRows.entries()) {
      const org = DEMO_ORGANIZATIONS[Math.floor(i / DEMO_ROLES.length)]!;
      ctx.ids.roles.set(roleKey(org.key, row.name), row.id);
    }

    await ctx.insert(
      rolePermissions,
      DEMO_ORGANIZATIONS.flatMap((o) =>
        DEMO_ROLES.flatMap((r) =>
          r.permissions.map((permission) => ({ roleId: mustGet(ctx.ids.roles, roleKey(o.key, r.name), 'role'), permission })),
        ),
      ),
    );

    const userRows = await ctx.insertReturning(
      users,
      DEMO_USERS.map((u, i) => {
        const created = ctx.daysBefore(600 - i * 20);
        return {
          userName: u.userName,
          email: u.email,
          fullName: u.fullName,
          jobTitle: u.jobTitle,
          phoneNumber: u.phoneNumber,
          passwordHash: mustGet(ctx.passwordHashes, u.password, 'password'),
          isEnabled: u.isEnabled,
          isSuperUser: u.isSuperUser,
          failedLoginCount: u.lockedOut ? DEMO_LOCKED_FAILED_COUNT : 0,
          lockoutEnd: u.lockedOut ? DEMO_LOCKOUT_END : null,
          lastOrganizationId: u.organizations[0] ? orgId(u.organizations[0].organization) : null,
          createdAt: created,
          updatedAt: created,
        };
      }),
    );
    for (const row of userRows) ctx.ids.users.set(row.userName, row.id);

    const withUser = DEMO_USERS.flatMap((u, i) =>
      u.organizations.map((m) => ({ userId: mustGet(ctx.ids.users, u.userName, 'user'), index: i, m })),
    );

    await ctx.insert(
      memberships,
      withUser.map(({ userId, index, m }) => ({
        userId,
        organizationId: orgId(m.organization),
        createdAt: ctx.daysBefore(600 - index * 20),
      })),
    );
    await ctx.insert(
      userRoles,
      withUser.flatMap(({ userId, m }) =>
        m.roles.map((role) => ({
          userId,
          roleId: mustGet(ctx.ids.roles, roleKey(m.organization, role), 'role'),
          organizationId: orgId(m.organization),
        })),
      ),
    );
    await ctx.insert(
      userFarms,
      withUser.flatMap(({ userId, m }) =>
        m.farms.map((farm) => ({ userId, farmId: mustGet(ctx.ids.farms, farm, 'farm'), organizationId: orgId(m.organization) })),
      ),
    );
    await ctx.insert(
      userPackhouses,
      withUser.flatMap(({ userId, m }) =>
        m.packhouses.map((ph) => ({
          userId,
          packhouseId: mustGet(ctx.ids.packhouses, ph, 'packhouse'),
          organizationId: orgId(m.organization),
        })),
      ),
    );

    // the sign-in history, oldest first, as the token endpoint records it
    const userIndex = new Map(DEMO_USERS.map((u, i) => [u.userName, i]));
    const events = DEMO_LOGIN_PLANS.flatMap((plan) => {
      const userId = mustGet(ctx.ids.users, plan.userName, 'user');
      const base = { userId, userNameAttempted: plan.userName, clientFlag: null, ip: `196.25.10.${10 + (userIndex.get(plan.userName) ?? 0)}` };
      return [
        ...plan.successDaysBefore.map((days) => ({
          ...base,
          organizationId: orgId(plan.organization),
          occurredAt: ctx.daysBefore(days),
          success: true,
          failureReason: null,
        })),
        ...plan.failures.map((f) => ({ ...base, organizationId: null, occurredAt: ctx.daysBefore(f.daysBefore), success: false, failureReason: f.reason })),
      ];
    }).sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
    await ctx.insert(loginEvents, events);
  },
};
