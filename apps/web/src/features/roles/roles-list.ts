/** The roles table rows: a display index per role, and where a saved role goes (docs/domain.md, Roles). */
import type { Role } from '@orchard/shared/roles';

export interface RoleRow extends Role {
  /** display row number */
  index: number;
}

export function withIndex(roles: readonly Role[]): RoleRow[] {
  return roles.map((r, i) => ({ ...r, index: i + 1 }));
}

/**
 * After a successful save: an edited role moves to the top (keeping its index); a new role is
 * inserted at the top with the next index (highest index plus 1).
 */
export function placeSavedRole(rows: readonly RoleRow[], saved: Role): RoleRow[] {
  const existing = rows.find((r) => r.id === saved.id);
  const others = rows.filter((r) => r.id !== saved.id);
  const index = existing ? existing.index : rows.reduce((max, r) => Math.max(max, r.index), 0) + 1;
  return [{ ...saved, index }, ...others];
}

/** After a successful delete only. */
export function removeRole(rows: readonly RoleRow[], id: number): RoleRow[] {
  return rows.filter((r) => r.id !== id);
}
