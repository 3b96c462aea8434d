/**
 * The rules every change of who holds what in an organisation obeys (users and roles alike):
 *
 * - nobody acts above their own rights: a caller changes nothing carrying a permission they do not
 *   hold in the organisation (a member who holds one, a role that carries one);
 * - an organisation keeps at least one enabled member who holds every permission of the catalogue:
 *   a change that would leave none is refused with 409.
 *
 * Both are decided inside the change's transaction, after the organisation's row lock: changes in
 * one organisation queue there, so each sees the others' committed result (two administrators
 * removing each other at the same moment cannot both succeed) and the caller's own permissions
 * are read as they are now, not as the access cache last saw them.
 */
import { ALL_PERMISSIONS } from '@orchard/shared/core';
import { LAST_FULL_MEMBER_MESSAGE } from '@orchard/shared/roles';
import type { AppDb } from '../../db/client';
import { conflict } from '../../lib/errors';
import { countFullMembers, findUserOrganizationIds, findUserPermissions, lockOrganizations } from './roles.repository';

export { findUserOrganizationIds, findUserPermissions, lockOrganizations };

/** The permissions of `held` that `caller` lacks. */
export function permissionsLacking(caller: ReadonlySet<string>, held: Iterable<string>): string[] {
  return [...held].filter((p) => !caller.has(p)).sort();
}

/**
 * Runs `change` (inside a transaction that holds the organisations' locks) and refuses it with 409
 * when an organisation that had an enabled member holding every permission has none afterwards.
 * An organisation that had none before (e.g. the catalogue grew) is not held to it by this change.
 */
export async function keepingFullMember<T>(tx: AppDb, organizationIds: readonly number[], change: () => Promise<T>): Promise<T> {
  const before = await countFullMembers(tx, organizationIds, ALL_PERMISSIONS);
  const result = await change();
  const stillHeld = [...before.keys()];
  if (stillHeld.length > 0) {
    const after = await countFullMembers(tx, stillHeld, ALL_PERMISSIONS);
    if (stillHeld.some((id) => (after.get(id) ?? 0) === 0)) throw conflict(LAST_FULL_MEMBER_MESSAGE);
  }
  return result;
}
