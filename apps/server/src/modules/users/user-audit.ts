/**
 * What the audit trail records of a member's change (docs/domain.md, Audit trail), in the change's
 * transaction. A change is up to three entries:
 *
 * - the account's identity (names, e-mail, phone, job title, enabled, locked out): in this
 *   organisation when the account is this organisation's alone, else system-wide (null
 *   organisation: super users only), as the identity of a shared account is not one
 *   organisation's;
 * - the member's place here (roles, packhouses): in this organisation, area users;
 * - the member's farms here (by name): in this organisation, area farm-assignments.
 *
 * A create and a delete record the whole member in one users entry (and the farms given).
 */
import type { User } from '@orchard/shared/users';
import type { AppDb } from '../../db/client';
import { recordAudit } from '../audit-trail/index';
import { findFarmNames } from './user-assignments.repository';
import type { Caller } from './user-privileges';

const label = (u: User) => (u.fullName?.trim() ? u.fullName : u.userName);

const identity = (u: User) => ({
  userName: u.userName,
  email: u.email,
  fullName: u.fullName,
  jobTitle: u.jobTitle,
  phoneNumber: u.phoneNumber,
  isEnabled: u.isEnabled,
  isLockedOut: u.isLockedOut,
});

const place = (u: User) => ({ roles: [...u.roles].sort((a, b) => a.localeCompare(b, 'en')), packhouses: [...u.packhouses].sort((a, b) => a - b) });

/** Records a member created (before null), changed, or removed from the organisation (after null). */
export async function auditMember(tx: AppDb, caller: Caller, before: User | null, after: User | null): Promise<void> {
  const org = caller.organizationId;
  const member = (after ?? before)!;
  const entity = { area: 'users', entityType: 'user', entityId: member.id, label: label(member) } as const;
  const farmsOf = async (u: User | null) => (u ? { farms: await findFarmNames(tx, org, u.farms) } : null);
  if (before === null || after === null) {
    const whole = (u: User | null) => (u ? { ...identity(u), ...place(u) } : null);
    await recordAudit(tx, caller, { ...entity, organizationId: org, action: before === null ? 'create' : 'delete', before: whole(before), after: whole(after) });
    if ((before ?? after)!.farms.length > 0) {
      await recordAudit(tx, caller, {
        ...entity,
        organizationId: org,
        area: 'farm-assignments',
        action: before === null ? 'create' : 'delete',
        before: await farmsOf(before),
        after: await farmsOf(after),
      });
    }
    return;
  }
  await recordAudit(tx, caller, {
    ...entity,
    organizationId: before.inOtherOrganizations ? null : org,
    action: 'update',
    before: identity(before),
    after: identity(after),
  });
  await recordAudit(tx, caller, { ...entity, organizationId: org, action: 'update', before: place(before), after: place(after) });
  await recordAudit(tx, caller, {
    ...entity,
    organizationId: org,
    area: 'farm-assignments',
    action: 'update',
    before: await farmsOf(before),
    after: await farmsOf(after),
  });
}
