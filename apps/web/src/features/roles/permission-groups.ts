/** The role editor's permission sections (docs/domain.md, Roles): grouped by groupName, in catalogue order. */
import type { PermissionInfo } from '@orchard/shared/roles';

export interface PermissionGroup {
  groupName: string;
  permissions: PermissionInfo[];
}

export type GroupSelection = 'all' | 'some' | 'none';

export function groupPermissions(permissions: readonly PermissionInfo[]): PermissionGroup[] {
  const groups = new Map<string, PermissionInfo[]>();
  for (const p of permissions) {
    const list = groups.get(p.groupName);
    if (list) list.push(p);
    else groups.set(p.groupName, [p]);
  }
  return [...groups].map(([groupName, list]) => ({ groupName, permissions: list }));
}

/** How much of a group is selected. */
export function groupSelection(group: PermissionGroup, selected: readonly string[]): GroupSelection {
  const chosen = group.permissions.filter((p) => selected.includes(p.value)).length;
  if (chosen === 0) return 'none';
  return chosen === group.permissions.length ? 'all' : 'some';
}

/** Every permission of the catalogue, in catalogue order (Select All). */
export function selectAll(groups: readonly PermissionGroup[]): string[] {
  return groups.flatMap((g) => g.permissions.map((p) => p.value));
}

/** Select None. */
export function selectNone(): string[] {
  return [];
}

/** Adds or removes one permission; the result keeps the catalogue's order. */
export function togglePermission(groups: readonly PermissionGroup[], selected: readonly string[], value: string): string[] {
  const next = new Set(selected);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return ordered(groups, next);
}

/** The per-group toggle: a fully selected group is cleared, otherwise the whole group is selected. */
export function toggleGroup(groups: readonly PermissionGroup[], selected: readonly string[], groupName: string): string[] {
  const group = groups.find((g) => g.groupName === groupName);
  if (!group) return [...selected];
  const next = new Set(selected);
  const clear = groupSelection(group, selected) === 'all';
  for (const p of group.permissions) {
    if (clear) next.delete(p.value);
    else next.add(p.value);
  }
  return ordered(groups, next);
}

/** Selected values in catalogue order; values the catalogue does not know are kept at the end. */
function ordered(groups: readonly PermissionGroup[], selected: Set<string>): string[] {
  const known = selectAll(groups);
  return [...known.filter((v) => selected.has(v)), ...[...selected].filter((v) => !known.includes(v))];
}
